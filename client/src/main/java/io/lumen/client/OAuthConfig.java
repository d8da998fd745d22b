package io.lumen.client;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * client.yml's {@code oauth} section: where and how {@link io.lumen.client.oauth.ClientTokens} gets
 * OAuth 2.0 tokens for outbound calls. The keys are light-4j's, spelled as in its client.yml
 * ({@code server_url}, {@code client_id}, ... hence the underscores in the component names); the
 * sections Lumen does not use ({@code authorization_code}, {@code refresh_token}, {@code key},
 * {@code sign}, {@code deref}) are accepted so a light-4j client.yml starts unchanged.
 *
 * @param multipleAuthServers a token server per target service ({@code client_credentials.serviceIdAuthServers}) (false)
 * @param token               the token endpoint and its grants
 * @param sign                light-4j's sign endpoint: accepted, not used
 * @param deref               light-4j's reference-token endpoint: accepted, not used
 */
public record OAuthConfig(Boolean multipleAuthServers, Token token, Map<String, Object> sign,
                          Map<String, Object> deref) {
    /** The client authentication methods of the token endpoint (RFC 6749 2.3.1, RFC 7523 2.2). */
    public static final Set<String> AUTH_METHODS = Set.of("client_secret_basic", "client_secret_post", "private_key_jwt");

    public OAuthConfig {
        multipleAuthServers = multipleAuthServers != null && multipleAuthServers;
        token = token == null ? new Token(null, null, null, null, null, null, null, null, null, null, null, null, null,
                null) : token;
    }

    /**
     * @param cache                    {@code capacity}: exchanged tokens kept (200)
     * @param tokenRenewBeforeExpired  ms before expiry at which a token is renewed in the background (60000)
     * @param expiredRefreshRetryDelay ms between attempts after a failed fetch while no valid token is held (2000)
     * @param earlyRefreshRetryDelay   ms between attempts after a failed renewal while the held token is still valid (4000)
     * @param server_url               the token server, {@code https://host[:port]}; required once a token is asked for
     * @param serviceId                light-4j's registry lookup of the token server: accepted, not used (set {@code server_url})
     * @param proxyHost                an HTTP proxy to the token server: not supported, must be empty
     * @param proxyPort                see {@code proxyHost}
     * @param enableHttp2              accepted; the client's {@code request.enableHttp2} decides
     * @param authorization_code       light-4j's authorization-code grant: accepted, not used
     * @param client_credentials       the client-credentials grant
     * @param refresh_token            light-4j's refresh-token grant: accepted, not used
     * @param key                      light-4j's key distribution endpoint: accepted, not used (JWKS is security.yml's)
     * @param token_exchange           RFC 8693 token exchange (the proxy's {@code token} handler under {@code exchangePathPrefixes})
     */
    public record Token(Cache cache, Long tokenRenewBeforeExpired, Long expiredRefreshRetryDelay,
                        Long earlyRefreshRetryDelay, String server_url, String serviceId, String proxyHost,
                        Integer proxyPort, Boolean enableHttp2, Map<String, Object> authorization_code,
                        ClientCredentials client_credentials, Map<String, Object> refresh_token,
                        Map<String, Object> key, TokenExchange token_exchange) {
        public Token {
            cache = cache == null ? new Cache(null) : cache;
            tokenRenewBeforeExpired = atLeastZero("tokenRenewBeforeExpired", tokenRenewBeforeExpired, 60_000);
            expiredRefreshRetryDelay = atLeastZero("expiredRefreshRetryDelay", expiredRefreshRetryDelay, 2_000);
            earlyRefreshRetryDelay = atLeastZero("earlyRefreshRetryDelay", earlyRefreshRetryDelay, 4_000);
            server_url = blankToNull(server_url);
            if (server_url != null) {
                serverUrl("server_url", server_url);
            }
            if (blankToNull(proxyHost) != null) {
                throw new IllegalArgumentException("proxyHost: a proxy to the token server is not supported; "
                        + "leave it empty and reach the server directly");
            }
            client_credentials = client_credentials == null
                    ? new ClientCredentials(null, null, null, null, null, null, null) : client_credentials;
            token_exchange = token_exchange == null
                    ? new TokenExchange(null, null, null, null, null, null, null, null) : token_exchange;
        }
    }

    /** @param capacity exchanged tokens kept, least recently used dropped first (200) */
    public record Cache(Integer capacity) {
        public Cache {
            capacity = capacity == null ? 200 : capacity;
            if (capacity < 1) {
                throw new IllegalArgumentException("cache.capacity must be at least 1, got " + capacity);
            }
        }
    }

    /**
     * @param uri                  the token endpoint's path on {@code server_url} (/oauth2/token)
     * @param client_id            this client's id at the token server
     * @param client_secret        its secret (client_secret_basic, client_secret_post)
     * @param scope                scopes asked for, a list or space/comma separated; none: the registration's default
     * @param serviceIdAuthServers per target service id, its own token server and credentials (with {@code multipleAuthServers})
     * @param authMethod           Lumen: client_secret_basic (default), client_secret_post or private_key_jwt
     * @param privateKeyJwt        Lumen: the key that signs the private_key_jwt assertion
     */
    public record ClientCredentials(String uri, String client_id, String client_secret, List<String> scope,
                                    Map<String, AuthServer> serviceIdAuthServers, String authMethod,
                                    PrivateKeyJwt privateKeyJwt) {
        public ClientCredentials {
            uri = uri == null || uri.isBlank() ? "/oauth2/token" : uri;
            scope = scope == null ? List.of() : List.copyOf(scope);
            serviceIdAuthServers = serviceIdAuthServers == null ? Map.of() : Map.copyOf(serviceIdAuthServers);
            authMethod = checkedMethod("authMethod", authMethod, "client_secret_basic");
        }
    }

    /**
     * One target service's token server (light-4j's {@code serviceIdAuthServers} entry). A key left
     * out takes the {@code token} / {@code client_credentials} value.
     */
    public record AuthServer(String server_url, String serviceId, String proxyHost, Integer proxyPort,
                             Boolean enableHttp2, String uri, String client_id, String client_secret,
                             List<String> scope, String audience, String authMethod, PrivateKeyJwt privateKeyJwt) {
        public AuthServer {
            server_url = blankToNull(server_url);
            if (server_url != null) {
                serverUrl("server_url", server_url);
            }
            if (blankToNull(proxyHost) != null) {
                throw new IllegalArgumentException("proxyHost: a proxy to the token server is not supported");
            }
            scope = scope == null ? null : List.copyOf(scope);
            authMethod = checkedMethod("authMethod", authMethod, null);
        }
    }

    /**
     * The key of {@code private_key_jwt} (RFC 7523): a PKCS#8 PEM file or a key store entry, found
     * like a config file; exactly one of {@code keyFile} and {@code keyStore}.
     *
     * @param keyFile      {@code -----BEGIN PRIVATE KEY-----} file, RSA or EC
     * @param keyStore     a PKCS#12 or JKS key store
     * @param keyStorePass its password
     * @param keyAlias     the entry (none: the store's only key)
     * @param keyPass      the key's password (default: keyStorePass)
     * @param keyId        the {@code kid} header, the id under which the token server knows the public key (none)
     * @param algorithm    RS256 (RSA keys) or ES256 (EC P-256 keys); none: the key's
     * @param audience     the assertion's {@code aud} (the token endpoint URL)
     * @param lifetime     seconds the assertion is valid (60)
     */
    public record PrivateKeyJwt(String keyFile, String keyStore, String keyStorePass, String keyAlias, String keyPass,
                                String keyId, String algorithm, String audience, Integer lifetime) {
        public PrivateKeyJwt {
            keyFile = blankToNull(keyFile);
            keyStore = blankToNull(keyStore);
            if ((keyFile == null) == (keyStore == null)) {
                throw new IllegalArgumentException("privateKeyJwt needs exactly one of keyFile (PEM) and keyStore");
            }
            if (algorithm != null && !algorithm.equals("RS256") && !algorithm.equals("ES256")) {
                throw new IllegalArgumentException("privateKeyJwt.algorithm must be RS256 or ES256, got '" + algorithm + "'");
            }
            lifetime = lifetime == null ? 60 : lifetime;
            if (lifetime < 1) {
                throw new IllegalArgumentException("privateKeyJwt.lifetime must be at least 1, got " + lifetime);
            }
        }
    }

    /**
     * RFC 8693 token exchange, light-4j's {@code token_exchange} keys; the token server is
     * {@code token.server_url}, client id, secret and method default to {@code client_credentials}'.
     *
     * @param subject_token        light-4j's fixed subject token: not used (the caller's bearer token is the subject)
     * @param subject_token_type   the type of the caller's token (urn:ietf:params:oauth:token-type:jwt, light-4j's default)
     * @param requested_token_type Lumen: asked-for type (none: the server's choice)
     * @param audience             Lumen: the {@code audience} parameter (none)
     */
    public record TokenExchange(String uri, String client_id, String client_secret, List<String> scope,
                                String subject_token, String subject_token_type, String requested_token_type,
                                String audience) {
        public TokenExchange {
            uri = uri == null || uri.isBlank() ? "/oauth2/token" : uri;
            scope = scope == null ? List.of() : List.copyOf(scope);
            subject_token_type = subject_token_type == null || subject_token_type.isBlank()
                    ? "urn:ietf:params:oauth:token-type:jwt" : subject_token_type;
        }
    }

    private static long atLeastZero(String key, Long value, long dflt) {
        long v = value == null ? dflt : value;
        if (v < 0) {
            throw new IllegalArgumentException(key + " must be at least 0, got " + v);
        }
        return v;
    }

    private static String checkedMethod(String key, String value, String dflt) {
        if (value == null || value.isBlank()) {
            return dflt;
        }
        if (!AUTH_METHODS.contains(value)) {
            throw new IllegalArgumentException(key + " must be one of client_secret_basic, client_secret_post, "
                    + "private_key_jwt, got '" + value + "'");
        }
        return value;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    private static void serverUrl(String key, String value) {
        try {
            URI u = new URI(value);
            String scheme = u.getScheme() == null ? "" : u.getScheme();
            if ((!scheme.equals("http") && !scheme.equals("https")) || u.getHost() == null) {
                throw new IllegalArgumentException(key + ": '" + value + "' must be http://host[:port] or https://host[:port]");
            }
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(key + ": '" + value + "' is not a URL: " + e.getReason());
        }
    }
}
