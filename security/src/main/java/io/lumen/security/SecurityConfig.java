package io.lumen.security;

import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.security.spec.SchemeCredentials;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code security.yml}, with light-4j's key names. Every key is optional; unknown keys fail startup.
 *
 * @param enableVerifyJwt            link the middleware into chains (true); false drops it everywhere
 * @param enableVerifyScope          check the token's scopes against the operation's (true)
 * @param skipVerifyScopeWithoutSpec when no specification middleware ran (no required scopes known): skip
 *                                   the scope check (true) or answer 403 (false)
 * @param enableJwtCache             cache verified tokens (true); see {@link Jwt#cacheSize()}
 * @param ignoreJwtExpiry            light-4j's switch to accept expired tokens; only {@code false} is supported
 *                                   ({@code true} stops startup in {@link SecurityHandler}, naming the line it came from)
 * @param skipPathPrefixes           routes under these prefixes are not secured (e.g. {@code /health})
 * @param passThroughClaims          claim name -> request header name: copies the claim's value to the
 *                                   request for the handlers behind
 * @param jwt                        verification settings
 * @param routeScopes                route path prefix -> scopes, any one of which a token needs on routes under
 *                                   it that have no OpenAPI operation (admin endpoints: {@code /adm: [admin]});
 *                                   the longest prefix wins; an operation's own scopes take precedence
 * @param schemes                    the credentials of the spec's apiKey and http basic schemes, by scheme name
 *                                   (digests and hashes only); see {@link SchemeCredentials}
 */
public record SecurityConfig(Boolean enableVerifyJwt, Boolean enableVerifyScope, Boolean skipVerifyScopeWithoutSpec,
                             Boolean enableJwtCache, Boolean ignoreJwtExpiry, List<String> skipPathPrefixes,
                             Map<String, String> passThroughClaims, Jwt jwt, Map<String, List<String>> routeScopes,
                             Map<String, SchemeCredentials> schemes) {

    public SecurityConfig {
        enableVerifyJwt = enableVerifyJwt == null || enableVerifyJwt;
        enableVerifyScope = enableVerifyScope == null || enableVerifyScope;
        skipVerifyScopeWithoutSpec = skipVerifyScopeWithoutSpec == null || skipVerifyScopeWithoutSpec;
        enableJwtCache = enableJwtCache == null || enableJwtCache;
        ignoreJwtExpiry = ignoreJwtExpiry != null && ignoreJwtExpiry; // true is refused by SecurityHandler, at its line
        skipPathPrefixes = skipPathPrefixes == null ? List.of() : List.copyOf(skipPathPrefixes);
        skipPathPrefixes.forEach(p -> PathPrefixes.check("skipPathPrefixes", p));
        Map<String, String> pass = new LinkedHashMap<>();
        if (passThroughClaims != null) {
            passThroughClaims.forEach((claim, header) -> {
                if (header == null || header.isBlank() || !header.matches("[A-Za-z0-9!#$%&'*+.^_`|~-]+")) {
                    throw new IllegalArgumentException("passThroughClaims." + claim + ": not a header name: '" + header + "'");
                }
                pass.put(claim, header.trim());
            });
        }
        passThroughClaims = Map.copyOf(pass);
        Map<String, List<String>> scopes = new LinkedHashMap<>();
        if (routeScopes != null) {
            routeScopes.forEach((prefix, list) -> {
                PathPrefixes.check("routeScopes", prefix);
                if (list == null || list.isEmpty() || list.stream().anyMatch(x -> x == null || x.isBlank())) {
                    throw new IllegalArgumentException("routeScopes." + prefix + ": list the scopes a token needs (any one)");
                }
                scopes.put(prefix, List.copyOf(list));
            });
        }
        routeScopes = Map.copyOf(scopes);
        Map<String, SchemeCredentials> credentials = new LinkedHashMap<>();
        if (schemes != null) {
            schemes.forEach((name, c) -> credentials.put(name, c == null ? SchemeCredentials.NONE : c));
        }
        schemes = Collections.unmodifiableMap(credentials);
        jwt = jwt == null ? new Jwt(null, null, null, null, null, null, null, null, null, null, null) : jwt;
    }

    /**
     * The {@code jwt} section.
     *
     * @param certificate         kid -> X.509 certificate file (PEM or DER), found through the config dirs; a map,
     *                            or the light-4j string form {@code kid=file&kid2=file2}
     * @param clockSkewInSeconds  tolerance for {@code exp}, {@code nbf} and {@code iat} (60)
     * @param keyResolver         {@code X509Certificate} (keys from {@code certificate}, plus the JWKS when
     *                            {@code jwksUrl} is set) or {@code JsonWebKeySet} (a JWKS required: {@code jwksUrl},
     *                            else client.yml's {@code oauth.token.key} servers, as light-4j fetches them); the
     *                            key sources are checked by {@link SecurityHandler}, which reads client.yml
     * @param issuer              the accepted {@code iss} values (one or a list: Entra ID's v1 and v2 tokens of one
     *                            tenant have two); unset: any issuer
     * @param audience            accepted {@code aud} values (any one must be in the token); unset: any audience
     * @param algorithms          the allow-list of JWS algorithms (RS256, RS384, RS512, PS256, ES256, ES384);
     *                            {@code none} is never allowed, HS* only with a {@code sharedSecret}
     * @param jwksUrl             a JWKS: an http(s) URL, or a file found like the certificates
     * @param jwksRefreshInterval seconds: at most one JWKS fetch per interval, triggered by an unknown kid (60)
     * @param jwksTimeout         milliseconds a JWKS fetch may take, connect to last byte (2000)
     * @param cacheSize           verified tokens remembered (10000)
     * @param sharedSecret        an HMAC secret (at least 32 bytes) enabling HS256/HS384/HS512 when they are
     *                            also in {@code algorithms}; unset: HMAC tokens are refused
     */
    public record Jwt(Object certificate, Integer clockSkewInSeconds, String keyResolver, List<String> issuer,
                      List<String> audience, List<String> algorithms, String jwksUrl, Integer jwksRefreshInterval,
                      Integer jwksTimeout, Integer cacheSize, String sharedSecret) {
        /** The default allow-list. */
        public static final List<String> DEFAULT_ALGORITHMS = List.of("RS256", "RS384", "RS512", "PS256", "ES256", "ES384");
        private static final Set<String> KNOWN = Set.of("RS256", "RS384", "RS512", "PS256", "PS384",
                "PS512", "ES256", "ES384", "ES512", "EdDSA", "HS256", "HS384", "HS512");

        public Jwt {
            certificate = CertificateMap.parse(certificate);
            clockSkewInSeconds = clockSkewInSeconds == null ? 60 : clockSkewInSeconds;
            if (clockSkewInSeconds < 0 || clockSkewInSeconds > 3600) {
                throw new IllegalArgumentException("jwt.clockSkewInSeconds must be 0..3600, got " + clockSkewInSeconds);
            }
            keyResolver = blank(keyResolver) ? "X509Certificate" : keyResolver.trim();
            if (!keyResolver.equals("X509Certificate") && !keyResolver.equals("JsonWebKeySet")) {
                throw new IllegalArgumentException("jwt.keyResolver must be X509Certificate or JsonWebKeySet, got '"
                        + keyResolver + "'");
            }
            issuer = issuer == null ? List.of() : issuer.stream().filter(i -> !blank(i)).map(String::trim).toList();
            audience = audience == null ? List.of() : audience.stream().filter(a -> !blank(a)).map(String::trim).toList();
            jwksUrl = blank(jwksUrl) ? null : jwksUrl.trim();
            jwksRefreshInterval = jwksRefreshInterval == null ? 60 : jwksRefreshInterval;
            if (jwksRefreshInterval < 0) {
                throw new IllegalArgumentException("jwt.jwksRefreshInterval must be >= 0 seconds, got " + jwksRefreshInterval);
            }
            jwksTimeout = jwksTimeout == null ? 2000 : jwksTimeout;
            if (jwksTimeout < 1 || jwksTimeout > 60_000) {
                throw new IllegalArgumentException("jwt.jwksTimeout must be 1..60000 ms, got " + jwksTimeout);
            }
            cacheSize = cacheSize == null ? 10_000 : cacheSize;
            if (cacheSize < 1) {
                throw new IllegalArgumentException("jwt.cacheSize must be at least 1, got " + cacheSize);
            }
            sharedSecret = blank(sharedSecret) ? null : sharedSecret;
            if (sharedSecret != null && sharedSecret.getBytes(StandardCharsets.UTF_8).length < 32) {
                throw new IllegalArgumentException("jwt.sharedSecret must be at least 32 bytes");
            }
            algorithms = algorithms == null || algorithms.isEmpty() ? DEFAULT_ALGORITHMS
                    : algorithms.stream().map(String::trim).filter(a -> !a.isEmpty()).distinct().toList();
            for (String alg : algorithms) {
                if (alg.equalsIgnoreCase("none")) {
                    throw new IllegalArgumentException("jwt.algorithms: 'none' is never allowed");
                }
                if (!KNOWN.contains(alg)) {
                    throw new IllegalArgumentException("jwt.algorithms: unknown algorithm '" + alg + "', expected one of "
                            + new TreeSet<>(KNOWN));
                }
                if (alg.startsWith("HS") && sharedSecret == null) {
                    throw new IllegalArgumentException("jwt.algorithms: " + alg + " needs jwt.sharedSecret (HMAC is "
                            + "refused without an explicitly configured secret)");
                }
            }
        }

        /** This section with other accepted audiences (client.yml's key servers name them). */
        public Jwt withAudience(List<String> accepted) {
            return new Jwt(certificate, clockSkewInSeconds, keyResolver, issuer, accepted, algorithms, jwksUrl,
                    jwksRefreshInterval, jwksTimeout, cacheSize, sharedSecret);
        }

        /** The certificate map, kid -> file. */
        @SuppressWarnings("unchecked")
        public Map<String, String> certificates() {
            return (Map<String, String>) certificate;
        }

        private static boolean blank(String s) {
            return s == null || s.isBlank();
        }
    }
}
