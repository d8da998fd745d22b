package io.lumen.security;

import io.lumen.security.tool.Pem;
import io.lumen.security.tool.SelfSignedCertificate;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.function.Consumer;

/** Test key pairs with certificates, and a token builder that can produce hostile tokens too. */
final class TestKeys {
    static final String ISSUER = "https://lumen.test/issuer";
    static final String AUDIENCE = "petstore";

    final String kid;
    final KeyPair pair;

    private TestKeys(String kid, KeyPair pair) {
        this.kid = kid;
        this.pair = pair;
    }

    static TestKeys rsa(String kid) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            g.initialize(2048);
            return new TestKeys(kid, g.generateKeyPair());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes {@code <kid>.crt} (PEM) into {@code dir}; returns the file name. */
    String writeCertificate(Path dir) {
        try {
            var cert = SelfSignedCertificate.create(pair, kid, Instant.now().minus(Duration.ofDays(1)),
                    Instant.now().plus(Duration.ofDays(365)));
            Files.writeString(dir.resolve(kid + ".crt"), Pem.encode("CERTIFICATE", cert.getEncoded()));
            return kid + ".crt";
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A JWKS document holding the public keys of {@code keys}. */
    static String jwks(TestKeys... keys) {
        try {
            JsonWebKey[] jwks = Arrays.stream(keys).map(k -> {
                RsaJsonWebKey jwk = new RsaJsonWebKey((RSAPublicKey) k.pair.getPublic());
                jwk.setKeyId(k.kid);
                jwk.setUse("sig");
                return (JsonWebKey) jwk;
            }).toArray(JsonWebKey[]::new);
            return new JsonWebKeySet(jwks).toJson();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Standard valid claims: issuer, audience, exp in 10 minutes, scope read:pets, client and subject. */
    static JwtClaims claims() {
        JwtClaims c = new JwtClaims();
        c.setIssuer(ISSUER);
        c.setAudience(AUDIENCE);
        c.setSubject("alice");
        c.setClaim("client_id", "petstore-web");
        c.setClaim("scope", "read:pets");
        long now = Instant.now().getEpochSecond();
        c.setIssuedAt(NumericDate.fromSeconds(now));
        c.setNotBefore(NumericDate.fromSeconds(now));
        c.setExpirationTime(NumericDate.fromSeconds(now + 600));
        return c;
    }

    String token() {
        return token(c -> { });
    }

    String token(Consumer<JwtClaims> change) {
        JwtClaims c = claims();
        change.accept(c);
        return sign(c, kid, "RS256");
    }

    String sign(JwtClaims claims, String kidHeader, String alg) {
        try {
            JsonWebSignature jws = new JsonWebSignature();
            jws.setPayload(claims.toJson());
            jws.setKey(pair.getPrivate());
            jws.setKeyIdHeaderValue(kidHeader);
            jws.setAlgorithmHeaderValue(alg);
            return jws.getCompactSerialization();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
