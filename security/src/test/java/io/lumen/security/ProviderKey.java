package io.lumen.security;

import io.lumen.security.tool.Pem;
import io.lumen.security.tool.SelfSignedCertificate;
import org.jose4j.json.JsonUtil;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.PublicJsonWebKey;
import org.jose4j.jws.JsonWebSignature;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A signing key of a test identity provider: its public JWK in the field layout a real provider
 * publishes (see src/test/resources/providers/README.md), and tokens signed with it with the
 * provider's header fields.
 */
final class ProviderKey {
    final String kid;
    final KeyPair pair;
    private final X509Certificate certificate; // RSA keys only, for x5c

    private ProviderKey(String kid, KeyPair pair, X509Certificate certificate) {
        this.kid = kid;
        this.pair = pair;
        this.certificate = certificate;
    }

    static ProviderKey rsa(String kid) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            g.initialize(2048);
            KeyPair pair = g.generateKeyPair();
            return new ProviderKey(kid, pair, SelfSignedCertificate.create(pair, kid,
                    Instant.now().minus(Duration.ofDays(1)), Instant.now().plus(Duration.ofDays(365))));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** An EC key on {@code curve} (secp256r1, secp384r1, secp521r1). */
    static ProviderKey ec(String kid, String curve) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec(curve));
            return new ProviderKey(kid, g.generateKeyPair(), null);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static ProviderKey ed25519(String kid) {
        try {
            return new ProviderKey(kid, KeyPairGenerator.getInstance("Ed25519").generateKeyPair(), null);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The bare public JWK: kty and key parameters only (no kid, use, alg, x5c). */
    Map<String, Object> bareJwk() {
        try {
            return new LinkedHashMap<>(PublicJsonWebKey.Factory.newPublicJwk(pair.getPublic())
                    .toParams(JsonWebKey.OutputControlLevel.PUBLIC_ONLY));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The certificate as a JWK {@code x5c} entry (standard base64 DER). */
    String x5c() {
        try {
            return Base64.getEncoder().encodeToString(certificate.getEncoded());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes the certificate (PEM) to {@code file}. */
    void writeCertificate(Path file) {
        try {
            Files.writeString(file, Pem.encode("CERTIFICATE", certificate.getEncoded()));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The certificate's SHA-1 thumbprint, base64url ({@code x5t}; Entra ID also uses it as the kid). */
    String x5t() {
        return thumbprint("SHA-1");
    }

    String x5tS256() {
        return thumbprint("SHA-256");
    }

    private String thumbprint(String digest) {
        try {
            return Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(MessageDigest.getInstance(digest).digest(certificate.getEncoded()));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A JWKS document of {@code keys} (each a JWK map). */
    @SafeVarargs
    static String jwks(Map<String, Object>... keys) {
        return JsonUtil.toJson(Map.of("keys", List.of(keys)));
    }

    /** A compact JWS of {@code claims} with {@code alg} and these header fields ({@code kid} only if given). */
    String sign(String alg, Map<String, Object> header, Map<String, Object> claims) {
        try {
            JsonWebSignature jws = new JsonWebSignature();
            jws.setAlgorithmHeaderValue(alg);
            header.forEach((k, v) -> jws.getHeaders().setObjectHeaderValue(k, v));
            jws.setPayload(JsonUtil.toJson(claims));
            jws.setKey(pair.getPrivate());
            return jws.getCompactSerialization();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static Map<String, Object> map(Object... keyValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        return m;
    }
}
