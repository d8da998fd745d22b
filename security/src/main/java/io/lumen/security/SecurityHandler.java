package io.lumen.security;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import io.lumen.config.SpecFiles;
import io.lumen.handler.ChainContext;
import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.Middleware;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.SpecLoader;
import io.lumen.security.cache.TokenCache;
import io.lumen.security.keys.KeyRing;
import io.lumen.security.spec.SpecGuards;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.undertow.server.HttpHandler;
import io.undertow.util.HttpString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code security} middleware ({@code security.yml}): verifies the {@code Authorization: Bearer} JWT of
 * every request of the routes it is linked into, checks the token's scopes against the
 * {@link HandlerAttachments#REQUIRED_SCOPES} of the OpenAPI operation, and hands the verified token on
 * ({@link SecurityAttachments#TOKEN}, {@link HandlerAttachments#CLIENT_ID}, {@link HandlerAttachments#USER_ID},
 * {@code passThroughClaims} headers).
 *
 * <p>Runs on the IO thread. A cache hit costs a SHA-256 and a map read; a miss verifies the signature
 * (CPU only). The one I/O, a JWKS fetch after an unknown kid, runs on a background thread: the request
 * is parked without blocking its thread until the fetch ends (bounded by {@code jwt.jwksTimeout}), then
 * resumes on its IO thread. Answers 401 ERR10002/ERR10000/ERR10001 with {@code WWW-Authenticate} and
 * 403 ERR10005; see docs/security.md. When the service has a spec, a request whose operation declares
 * security requirements is checked against them instead ({@link SpecGuards}: apiKey, http basic, http
 * bearer, oauth2, openIdConnect; alternatives and combinations as the spec says).
 */
public final class SecurityHandler implements Middleware {
    private static final Logger LOG = LoggerFactory.getLogger(SecurityHandler.class);

    private final SecurityConfig config;
    private final ErrorResponder errors;
    private final KeyRing keys;
    private final JwtVerifier verifier;
    private final TokenCache<VerifiedToken> cache;
    private final Map<String, HttpString> passThrough;

    private static final List<String> LIGHT_REST_4J_FILES = List.of("openapi-security", "swagger-security");

    private final BearerTokens tokens;
    private final SpecGuards guards; // null: the service has no spec

    public SecurityHandler(ServiceContext context) {
        this(configName(context.config()), context);
    }

    private SecurityHandler(String file, ServiceContext context) {
        this(context.config().load(file, SecurityConfig.class), context.config(), context.errors(),
                SpecFiles.find(context.config()).isPresent() ? SpecLoader.shared(context) : null, file + ".yml");
    }

    /**
     * light-rest-4j's JWT middleware reads openapi-security.yml (swagger-security.yml in its Swagger 2.0
     * line; same keys as security.yml): a folder that has one, or whose values.yml sets one of its keys
     * ({@code openapi-security.enableVerifyJwt: false}), is read from it, so a light-rest-4j service's
     * settings apply; else security.yml.
     */
    static String configName(ConfigLoader loader) {
        for (String light4j : LIGHT_REST_4J_FILES) {
            if (loader.find(light4j).isPresent()) {
                LOG.info("security: reading {}.yml (light-rest-4j's file for this middleware)", light4j);
                return light4j;
            }
        }
        if (loader.find("security").isEmpty() && loader.value("openapi-security.enableVerifyJwt").isPresent()) {
            LOG.info("security: reading openapi-security.* from values.yml (light-rest-4j's keys for this middleware)");
            return "openapi-security";
        }
        return "security";
    }

    public SecurityHandler(SecurityConfig config, ConfigLoader loader, ErrorResponder errors) {
        this(config, loader, errors, null, "security.yml");
    }

    /**
     * @param spec the service's spec, whose operations' security requirements then decide (null: none)
     * @param file the config file's name, for messages
     */
    public SecurityHandler(SecurityConfig config, ConfigLoader loader, ErrorResponder errors, OpenApiSpec spec, String file) {
        this.config = config;
        this.errors = errors;
        if (config.ignoreJwtExpiry() && config.enableVerifyJwt()) {
            throw KeySetup.error(loader, file, "/ignoreJwtExpiry", "ignoreJwtExpiry", "accepting expired tokens is not "
                    + "supported; mint a new token (see the dev tool in docs/security.md)");
        }
        KeySetup setup = KeySetup.of(config, loader, file);
        SecurityConfig.Jwt jwt = setup.jwt();
        this.keys = setup.keys();
        this.verifier = new JwtVerifier(jwt, keys);
        this.cache = config.enableJwtCache() ? new TokenCache<>(jwt.cacheSize()) : null;
        Map<String, HttpString> pass = new LinkedHashMap<>();
        config.passThroughClaims().forEach((claim, header) -> pass.put(claim, HttpString.tryFromString(header)));
        this.passThrough = Map.copyOf(pass);
        this.tokens = new BearerTokens(this);
        if (spec == null && !config.schemes().isEmpty()) {
            throw new ConfigException(file, 0, "schemes", "credentials for the spec's schemes, but the service has no spec"
                    + " (openapi.yaml)");
        }
        this.guards = spec == null ? null : SpecGuards.of(spec, config.schemes(), file, tokens::schemeCheck, errors);
        if (!config.enableVerifyJwt()) {
            LOG.warn("security: enableVerifyJwt is false: chains naming 'security' do NOT verify tokens (no 401 for a"
                    + " missing or forged token); set enableVerifyJwt: true and a key source to verify them");
        } else {
            LOG.info("security: {}, algorithms {}, issuer {}, audience {}, cache {}", keys, jwt.algorithms(),
                    jwt.issuer().isEmpty() ? "any" : jwt.issuer(), jwt.audience().isEmpty() ? "any" : jwt.audience(),
                    cache == null ? "off" : jwt.cacheSize());
        }
    }

    @Override
    public boolean isEnabled() {
        return config.enableVerifyJwt();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        String path = context.path();
        boolean wildcard = path.equals("*") || path.endsWith("*");
        for (String prefix : config.skipPathPrefixes()) {
            if (!wildcard && PathPrefixes.matches(prefix, path)) {
                LOG.debug("security: {} is under skipPathPrefixes {}: not secured", context.endpoint(), prefix);
                return next;
            }
        }
        String scoped = PathPrefixes.longest(config.routeScopes(), path);
        Set<String> routeScopes = scoped == null ? null : Set.copyOf(config.routeScopes().get(scoped));
        return new SecuredRoute(this, wildcard ? config.skipPathPrefixes() : List.of(), routeScopes, next,
                context.failures());
    }

    SecurityConfig config() {
        return config;
    }

    ErrorResponder errors() {
        return errors;
    }

    KeyRing keys() {
        return keys;
    }

    JwtVerifier verifier() {
        return verifier;
    }

    /** Null when {@code enableJwtCache} is false. */
    TokenCache<VerifiedToken> cache() {
        return cache;
    }

    BearerTokens tokens() {
        return tokens;
    }

    /** Null when the service has no spec. */
    SpecGuards guards() {
        return guards;
    }

    Map<String, HttpString> passThrough() {
        return passThrough;
    }

    @Override
    public String toString() {
        return "security";
    }
}
