package io.lumen.security.spec;

import io.lumen.config.ConfigException;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.Operation;
import io.lumen.openapi.SecurityRequirement;
import io.lumen.openapi.SecurityScheme;
import io.lumen.security.apikey.KeyPlace;
import io.lumen.security.basic.BasicAuthConfig;
import io.lumen.security.basic.BasicCredentials;
import io.lumen.security.password.PasswordHash;
import io.lumen.status.ErrorCodes;
import io.lumen.status.ErrorResponder;
import io.undertow.server.HttpServerExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The {@link OperationGuard} of every operation of the spec that declares security requirements (its
 * own or the document's), by endpoint ({@code /v1/pets/{petId}@get}, what {@code specification}
 * attaches). Built at startup: each scheme the operations use gets one check, with its credentials
 * from {@code security.yml} {@code schemes}. A scheme without credentials refuses everyone (fail
 * closed) and startup says, as a warning naming the file and key, where to configure them; a
 * {@code schemes} entry naming no scheme of the spec, or credentials of the wrong kind, stop startup.
 * Operations that declare no requirements at all are not here: the middleware verifies a JWT as
 * without a spec. Immutable.
 */
public final class SpecGuards {
    private static final Logger LOG = LoggerFactory.getLogger(SpecGuards.class);

    private final Map<String, OperationGuard> byEndpoint;

    private SpecGuards(Map<String, OperationGuard> byEndpoint) {
        this.byEndpoint = Map.copyOf(byEndpoint);
    }

    /** The guard of the operation with this endpoint, or null when it declares no security requirements. */
    public OperationGuard get(String endpoint) {
        return byEndpoint.get(endpoint);
    }

    /**
     * @param credentials {@code schemes} of the security config, by scheme name
     * @param file        the config file they come from, for messages ({@code security.yml})
     * @param bearerCheck the check of an http bearer, oauth2 or openIdConnect scheme, given how refusals name
     *                    it: the {@code security} middleware's JWT verification, which this package does not
     *                    depend on
     */
    public static SpecGuards of(OpenApiSpec spec, Map<String, SchemeCredentials> credentials, String file,
                                Function<String, SchemeCheck> bearerCheck, ErrorResponder errors) {
        Map<String, SecurityScheme> schemes = spec.securitySchemes();
        for (String name : credentials.keySet()) {
            if (!schemes.containsKey(name)) {
                throw new ConfigException(file, 0, "schemes." + name, "the spec declares no security scheme '" + name
                        + "' (it declares " + (schemes.isEmpty() ? "none" : new TreeSet<>(schemes.keySet())) + ")");
            }
        }
        Map<String, SchemeCheck> checks = new HashMap<>();
        Map<String, OperationGuard> guards = new LinkedHashMap<>();
        int secured = 0;
        for (Operation op : spec.operations()) {
            if (op.security() == null) {
                continue;
            }
            List<SecurityRequirement> requirements = op.security();
            SchemeCheck[][] alternatives = new SchemeCheck[requirements.size()][];
            @SuppressWarnings("unchecked")
            Set<String>[][] scopes = new Set[requirements.size()][];
            for (int a = 0; a < requirements.size(); a++) {
                Map<String, List<String>> named = requirements.get(a).schemes();
                alternatives[a] = new SchemeCheck[named.size()];
                scopes[a] = new Set[named.size()];
                int i = 0;
                for (Map.Entry<String, List<String>> e : named.entrySet()) {
                    alternatives[a][i] = checks.computeIfAbsent(e.getKey(), n -> check(n, schemes.get(n),
                            credentials.getOrDefault(n, SchemeCredentials.NONE), file, bearerCheck, errors));
                    scopes[a][i++] = Set.copyOf(e.getValue());
                }
            }
            OperationGuard guard = new OperationGuard(alternatives, scopes, errors, errors.catalogue().get(missingCode(alternatives)));
            guards.put(op.endpoint(), guard);
            secured += guard.open() ? 0 : 1;
        }
        if (!guards.isEmpty()) {
            LOG.info("security: the spec's requirements decide on {} operations ({} secured, schemes {})", guards.size(),
                    secured, new TreeSet<>(checks.keySet()));
        }
        return new SpecGuards(guards);
    }

    /**
     * The code of a request without credentials: light-4j's ERR10002 where only JWTs are taken (what
     * openapi-security answered before the spec's other schemes were enforced), ERR19210 otherwise.
     */
    private static String missingCode(SchemeCheck[][] alternatives) {
        for (SchemeCheck[] alternative : alternatives) {
            for (SchemeCheck c : alternative) {
                if (!c.jwt()) {
                    return ErrorCodes.AUTHENTICATION_REQUIRED;
                }
            }
        }
        return ErrorCodes.MISSING_AUTH_TOKEN;
    }

    private static SchemeCheck check(String name, SecurityScheme scheme, SchemeCredentials c, String file,
                                     Function<String, SchemeCheck> bearerCheck, ErrorResponder errors) {
        String key = "schemes." + name;
        if (scheme == null) {
            LOG.warn("security: a security requirement names '{}', which components/securitySchemes does not declare:"
                    + " requests relying on it are refused", name);
            return new Unsatisfiable("'" + name + "'");
        }
        String describe = scheme.describe();
        switch (scheme.kind()) {
            case API_KEY -> {
                KeyPlace place = KeyPlace.of(scheme.in(), scheme.parameterName());
                if (!c.users().isEmpty()) {
                    throw new ConfigException(file, 0, key + ".users", "'" + name + "' is an apiKey scheme: list apiKeys");
                }
                if (place == null || scheme.parameterName().isEmpty()) {
                    LOG.warn("security: the spec's apiKey scheme '{}' has in '{}' and name '{}': requests relying on it are refused",
                            name, scheme.in(), scheme.parameterName());
                    return new Unsatisfiable(describe);
                }
                if (c.apiKeys().isEmpty()) {
                    LOG.warn("security: the spec's {} scheme '{}' has no keys ({}: {}.apiKeys, e.g. values.yml"
                            + " security.{}.apiKeys): every request relying on it is refused with 401", describe, name, file, key, key);
                }
                return new ApiKeyCheck(place, c, c.clientId() == null ? name : c.clientId(),
                        errors.catalogue().get(ErrorCodes.API_KEY_MISMATCH));
            }
            case HTTP_BASIC -> {
                if (!c.apiKeys().isEmpty()) {
                    throw new ConfigException(file, 0, key + ".apiKeys", "'" + name + "' is an http basic scheme: list users");
                }
                BasicCredentials users = null;
                if (c.users().isEmpty()) {
                    LOG.warn("security: the spec's http basic scheme '{}' has no users ({}: {}.users, e.g. values.yml"
                            + " security.{}.users): every request relying on it is refused with 401", name, file, key, key);
                } else {
                    Map<String, PasswordHash> hashes = new HashMap<>();
                    for (BasicAuthConfig.User u : c.users()) {
                        hashes.put(u.username(), PasswordHash.parse(u.password()));
                    }
                    users = new BasicCredentials(hashes, 10_000);
                }
                return new BasicCheck(users, c.realm(), errors.catalogue().get(ErrorCodes.INVALID_USERNAME_OR_PASSWORD));
            }
            case HTTP_BEARER, OAUTH2, OPEN_ID_CONNECT -> {
                if (!c.apiKeys().isEmpty() || !c.users().isEmpty()) {
                    throw new ConfigException(file, 0, key, "'" + name + "' is " + describe
                            + ": its tokens are verified with the jwt section's keys, not with apiKeys or users");
                }
                if (scheme.bearerFormat() != null && !scheme.bearerFormat().equalsIgnoreCase("JWT")) {
                    LOG.warn("security: the spec's http bearer scheme '{}' has bearerFormat '{}': Lumen verifies bearer tokens as"
                            + " JWTs (the jwt section's keys), so other tokens are refused with 401", name, scheme.bearerFormat());
                }
                return bearerCheck.apply(describe);
            }
            default -> {
                LOG.warn("security: the spec's scheme '{}' ({}) is not one Lumen checks (apiKey, http basic, http bearer,"
                        + " oauth2, openIdConnect): requests relying on it are refused", name, scheme.pointer());
                return new Unsatisfiable("'" + name + "'");
            }
        }
    }

    /** A scheme Lumen cannot check: no request satisfies it (fail closed). */
    private record Unsatisfiable(String describe) implements SchemeCheck {
        @Override
        public Outcome check(HttpServerExchange exchange, Set<String> scopes, boolean mayBlock) {
            return Outcome.ABSENT;
        }

        @Override
        public String challenge() {
            return null;
        }
    }
}
