package io.lumen.client.oauth;

import io.lumen.client.LumenClient;
import io.lumen.client.OAuthConfig;
import io.lumen.config.ConfigLoader;
import io.lumen.status.StatusCatalogue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.security.PrivateKey;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * OAuth 2.0 tokens for one {@link LumenClient}'s outbound calls, from client.yml's {@code oauth}
 * section: a {@link TokenSource} per target service and scope set (client credentials), and per
 * caller token (RFC 8693 token exchange). Token requests go through the client itself.
 *
 * <pre>{@code
 * ClientTokens tokens = ClientTokens.fromConfig(loader, client);
 * tokens.forService("com.networknt.petstore-3.0.1").send(Request.get(uri).build())   // Bearer token, one retry on 401
 *       .thenAccept(r -> ...);
 * }</pre>
 *
 * <p>With {@code multipleAuthServers: false} every service uses {@code oauth.token}'s server and
 * {@code client_credentials}; with {@code true} a service's {@code serviceIdAuthServers} entry
 * decides, its missing keys taken from those. Thread-safe.
 */
public final class ClientTokens {
    private static final String FILE = "client.yml";
    private static final String CC_GRANT = "client_credentials";
    private static final String EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";

    private final LumenClient client;
    private final OAuthConfig.Token config;
    private final boolean perService;
    private final Function<String, byte[]> files;
    private final LongSupplier clock;
    private final TokenEndpoint endpoint;
    private final Map<String, TokenSource> sources = new ConcurrentHashMap<>();
    /** Exchanged tokens by subject token, least recently used dropped beyond {@code cache.capacity}. Guarded by itself. */
    private final Map<String, TokenSource> exchanged;

    /**
     * @param files reads a file named in the config ({@code privateKeyJwt.keyFile}); throws
     *              IllegalArgumentException when it is missing
     * @param clock ms clock for expiry and retry delays (tests pass their own)
     */
    public ClientTokens(LumenClient client, OAuthConfig oauth, StatusCatalogue catalogue, Function<String, byte[]> files,
                        LongSupplier clock) {
        this.client = client;
        this.config = oauth.token();
        this.perService = oauth.multipleAuthServers();
        this.files = files;
        this.clock = clock;
        this.endpoint = new TokenEndpoint(client, new TokenErrors(catalogue), clock);
        int capacity = config.cache().capacity();
        this.exchanged = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, TokenSource> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The client's own client.yml {@code oauth} section; key files and status codes found through {@code loader}. */
    public static ClientTokens fromConfig(ConfigLoader loader, LumenClient client) {
        return new ClientTokens(client, client.config().oauth(), StatusCatalogue.load(loader),
                name -> read(loader, name), System::currentTimeMillis);
    }

    /** Client-credentials tokens of {@code oauth.token} with {@code client_credentials.scope}. */
    public TokenSource source() {
        return forService(null, null);
    }

    /** Client-credentials tokens for {@code serviceId}, with its configured scope. */
    public TokenSource forService(String serviceId) {
        return forService(serviceId, null);
    }

    /**
     * Client-credentials tokens for {@code serviceId} (null: the default server) asking for
     * {@code scope} (null: the configured one). One source per service and scope set.
     *
     * @throws IllegalArgumentException naming the client.yml key when the target is not configured
     */
    public TokenSource forService(String serviceId, Collection<String> scope) {
        String key = (serviceId == null ? "" : serviceId) + "|" + (scope == null ? "*" : String.join(" ", new TreeSet<>(scope)));
        TokenSource s = sources.get(key);
        if (s != null) {
            return s;
        }
        TokenTarget target = target(serviceId);
        TokenTarget t = scope == null ? target : target.withScope(new ArrayList<>(new TreeSet<>(scope)));
        Map<String, String> grant = new LinkedHashMap<>();
        grant.put("grant_type", CC_GRANT);
        if (!t.scope().isEmpty()) {
            grant.put("scope", String.join(" ", t.scope()));
        }
        return sources.computeIfAbsent(key, k -> source(t, grant));
    }

    /**
     * Tokens exchanged for {@code subjectToken} (RFC 8693), cached per subject token up to
     * {@code cache.capacity} of them.
     */
    public TokenSource exchange(String subjectToken) {
        synchronized (exchanged) {
            TokenSource s = exchanged.get(subjectToken);
            if (s == null) {
                OAuthConfig.TokenExchange te = config.token_exchange();
                OAuthConfig.ClientCredentials cc = config.client_credentials();
                TokenTarget t = target(required(config.server_url(), "oauth.token.server_url"), te.uri(),
                        te.client_id() != null ? te.client_id() : cc.client_id(),
                        te.client_secret() != null ? te.client_secret() : cc.client_secret(),
                        cc.authMethod(), cc.privateKeyJwt(), te.scope(), "oauth.token.token_exchange");
                Map<String, String> grant = new LinkedHashMap<>();
                grant.put("grant_type", EXCHANGE_GRANT);
                grant.put("subject_token", subjectToken);
                grant.put("subject_token_type", te.subject_token_type());
                if (te.requested_token_type() != null) {
                    grant.put("requested_token_type", te.requested_token_type());
                }
                if (te.audience() != null) {
                    grant.put("audience", te.audience());
                }
                if (!t.scope().isEmpty()) {
                    grant.put("scope", String.join(" ", t.scope()));
                }
                s = source(t, grant);
                exchanged.put(subjectToken, s);
            }
            return s;
        }
    }

    private TokenSource source(TokenTarget target, Map<String, String> grant) {
        return new TokenSource(client, endpoint, target, grant, clock, config.tokenRenewBeforeExpired(),
                config.expiredRefreshRetryDelay(), config.earlyRefreshRetryDelay());
    }

    /** The default server, or with {@code multipleAuthServers} the service's entry over the defaults. */
    private TokenTarget target(String serviceId) {
        OAuthConfig.ClientCredentials cc = config.client_credentials();
        if (!perService || serviceId == null) {
            return target(required(config.server_url(), "oauth.token.server_url"), cc.uri(), cc.client_id(),
                    cc.client_secret(), cc.authMethod(), cc.privateKeyJwt(), cc.scope(), "oauth.token.client_credentials");
        }
        String where = "oauth.token.client_credentials.serviceIdAuthServers." + serviceId;
        OAuthConfig.AuthServer a = cc.serviceIdAuthServers().get(serviceId);
        if (a == null) {
            throw new IllegalArgumentException(FILE + ": " + where + ": no such entry (multipleAuthServers is true; known: "
                    + new TreeSet<>(cc.serviceIdAuthServers().keySet()) + ")");
        }
        return target(required(or(a.server_url(), config.server_url()), where + ".server_url"), or(a.uri(), cc.uri()),
                or(a.client_id(), cc.client_id()), or(a.client_secret(), cc.client_secret()),
                or(a.authMethod(), cc.authMethod()), or(a.privateKeyJwt(), cc.privateKeyJwt()),
                or(a.scope(), cc.scope()), where);
    }

    private TokenTarget target(String serverUrl, String uri, String clientId, String secret, String method,
                               OAuthConfig.PrivateKeyJwt jwt, List<String> scope, String where) {
        required(clientId, where + ".client_id");
        ClientAssertion assertion = null;
        if (method.equals("private_key_jwt")) {
            if (jwt == null) {
                throw new IllegalArgumentException(FILE + ": " + where + ".privateKeyJwt: required with authMethod private_key_jwt");
            }
            String origin = FILE + ": " + where + ".privateKeyJwt." + (jwt.keyFile() != null ? "keyFile " + jwt.keyFile()
                    : "keyStore " + jwt.keyStore());
            PrivateKey key = jwt.keyFile() != null ? SigningKeys.fromPem(files.apply(jwt.keyFile()), origin)
                    : SigningKeys.fromKeyStore(files.apply(jwt.keyStore()), jwt.keyStorePass(), jwt.keyAlias(), jwt.keyPass(), origin);
            assertion = new ClientAssertion(key, SigningKeys.algorithm(key, jwt.algorithm(), origin), jwt.keyId(),
                    jwt.audience(), jwt.lifetime());
        } else {
            required(secret, where + ".client_secret");
        }
        String base = serverUrl.endsWith("/") ? serverUrl.substring(0, serverUrl.length() - 1) : serverUrl;
        URI endpoint = URI.create(base + (uri.startsWith("/") ? uri : "/" + uri));
        return new TokenTarget(endpoint, clientId, secret, method, assertion, scope);
    }

    private static <T> T or(T value, T dflt) {
        return value != null ? value : dflt;
    }

    private static String required(String value, String key) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(FILE + ": " + key + ": required to get tokens");
        }
        return value;
    }

    private static byte[] read(ConfigLoader loader, String name) {
        URL url = loader.locate(name).orElseThrow(() -> new IllegalArgumentException(FILE
                + ": privateKeyJwt: '" + name + "' not found in " + loader.configDirs() + " or classpath config/"));
        try (InputStream in = url.openStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(FILE + ": privateKeyJwt: '" + name + "': " + e.getMessage(), e);
        }
    }
}
