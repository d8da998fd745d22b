package io.lumen.client.oauth;

import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.lang.JoseException;

import java.security.PrivateKey;
import java.util.UUID;

/**
 * Signs the {@code private_key_jwt} client assertion (RFC 7523 2.2, OpenID Connect Core 9): a JWT
 * with {@code iss} and {@code sub} the client id, {@code aud} the token endpoint, a fresh
 * {@code jti}, {@code iat} and a short {@code exp}, signed with the client's private key by jose4j
 * (the JOSE library the security module verifies tokens with). Thread-safe.
 */
final class ClientAssertion {
    static final String TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

    private final PrivateKey key;
    private final String keyId;
    private final String algorithm;
    private final String audience;
    private final int lifetimeSeconds;

    /** @param audience the {@code aud}; null: the token endpoint URL */
    /** @param algorithm RS256 or ES256, checked against the key by {@link SigningKeys#algorithm} */
    ClientAssertion(PrivateKey key, String algorithm, String keyId, String audience, int lifetimeSeconds) {
        this.key = key;
        this.keyId = keyId;
        this.algorithm = algorithm.equals("ES256") ? AlgorithmIdentifiers.ECDSA_USING_P256_CURVE_AND_SHA256
                : AlgorithmIdentifiers.RSA_USING_SHA256;
        this.audience = audience;
        this.lifetimeSeconds = lifetimeSeconds;
    }

    /** A new assertion for one token request at {@code nowMillis} (wall clock: the server checks iat and exp). */
    String sign(String clientId, String endpoint, long nowMillis) {
        JwtClaims claims = new JwtClaims();
        claims.setIssuer(clientId);
        claims.setSubject(clientId);
        claims.setAudience(audience == null ? endpoint : audience);
        claims.setJwtId(UUID.randomUUID().toString());
        claims.setIssuedAt(NumericDate.fromMilliseconds(nowMillis));
        claims.setExpirationTime(NumericDate.fromMilliseconds(nowMillis + lifetimeSeconds * 1000L));
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setKey(key);
        jws.setAlgorithmHeaderValue(algorithm);
        if (keyId != null) {
            jws.setKeyIdHeaderValue(keyId);
        }
        jws.setHeader("typ", "JWT");
        try {
            return jws.getCompactSerialization();
        } catch (JoseException e) {
            throw new IllegalStateException("cannot sign the private_key_jwt assertion with a " + key.getAlgorithm()
                    + " key and " + algorithm + ": " + e.getMessage(), e);
        }
    }
}
