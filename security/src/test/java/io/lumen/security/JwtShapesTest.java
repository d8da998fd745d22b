package io.lumen.security;

import io.lumen.testkit.TestService;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.json.JsonUtil;
import org.jose4j.keys.HmacKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.lumen.security.ProviderKey.map;
import static io.lumen.security.ProviderTokens.accepted;
import static io.lumen.security.ProviderTokens.call;
import static io.lumen.security.ProviderTokens.now;
import static io.lumen.security.ProviderTokens.refused;
import static io.lumen.security.ProviderTokens.service;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Signing algorithms, JWKS key layouts and claim forms that real providers use, over real HTTP. */
class JwtShapesTest {
    private static final String SECRET = "a-shared-secret-of-at-least-32-bytes!";

    @TempDir
    Path dir;

    private static Map<String, Object> claims() {
        return map("iss", "https://idp.test", "sub", "alice", "aud", "petstore", "iat", now(), "exp", now() + 300,
                "scope", "read:pets");
    }

    private static Map<String, Object> jwk(ProviderKey key, Object... fields) {
        Map<String, Object> jwk = key.bareJwk();
        jwk.put("kid", key.kid);
        jwk.putAll(map(fields));
        return jwk;
    }

    @Test
    void everyAsymmetricAlgorithmProvidersSignWith() {
        ProviderKey rsa = ProviderKey.rsa("rsa");
        ProviderKey p256 = ProviderKey.ec("p256", "secp256r1");
        ProviderKey p384 = ProviderKey.ec("p384", "secp384r1");
        ProviderKey p521 = ProviderKey.ec("p521", "secp521r1");
        ProviderKey ed = ProviderKey.ed25519("ed");
        String doc = ProviderKey.jwks(jwk(rsa, "use", "sig"), jwk(p256, "use", "sig", "alg", "ES256"),
                jwk(p384, "use", "sig", "alg", "ES384"), jwk(p521, "use", "sig", "alg", "ES512"),
                jwk(ed, "use", "sig", "alg", "EdDSA"));
        try (JwksServer jwks = new JwksServer(doc); TestService s = service(dir, jwks.url(),
                "algorithms: [RS256, RS384, RS512, PS256, ES256, ES384, ES512, EdDSA]")) {
            for (String alg : List.of("RS256", "RS384", "RS512", "PS256")) {
                accepted(call(s, "/v1/pets", rsa.sign(alg, map("kid", rsa.kid), claims())));
            }
            accepted(call(s, "/v1/pets", p256.sign("ES256", map("kid", p256.kid), claims())));
            accepted(call(s, "/v1/pets", p384.sign("ES384", map("kid", p384.kid), claims())));
            accepted(call(s, "/v1/pets", p521.sign("ES512", map("kid", p521.kid), claims())));
            accepted(call(s, "/v1/pets", ed.sign("EdDSA", map("kid", ed.kid), claims())));
            // an algorithm left out of the allow-list is refused even with a good key
            refused(call(s, "/v1/pets", rsa.sign("PS384", map("kid", rsa.kid), claims())), 401, "ERR10000", "algorithm");
        }
    }

    @Test
    void hs256WithTheConfiguredSecretOnly() throws Exception {
        try (TestService s = TestService.in(dir).file("handler.yml", ProviderTokens.HANDLER_YML).file("security.yml", """
                jwt: {sharedSecret: '%s', algorithms: [HS256]}
                """.formatted(SECRET)).start()) {
            accepted(call(s, "/v1/pets", hmac(SECRET)));
            refused(call(s, "/v1/pets", hmac("another-secret-of-at-least-32-bytes!!")), 401, "ERR10000", "signature");
        }
    }

    private static String hmac(String secret) throws Exception {
        JsonWebSignature jws = new JsonWebSignature();
        jws.setAlgorithmHeaderValue("HS256");
        jws.setHeader("typ", "JWT");
        jws.setPayload(JsonUtil.toJson(claims()));
        jws.setKey(new HmacKey(secret.getBytes(StandardCharsets.UTF_8)));
        return jws.getCompactSerialization();
    }

    @Test
    void aKeyPublishedAsX5cOnlyVerifies() {
        ProviderKey key = ProviderKey.rsa("x5c-only");
        Map<String, Object> jwk = map("kty", "RSA", "kid", key.kid, "use", "sig", "x5c", List.of(key.x5c()));
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(jwk)); TestService s = service(dir, jwks.url(), "")) {
            accepted(call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), claims())));
        }
    }

    @Test
    void aKeyIsUsedOnlyWithTheAlgorithmItIsPublishedFor() {
        ProviderKey key = ProviderKey.rsa("rs256-only");
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(jwk(key, "use", "sig", "alg", "RS256")));
             TestService s = service(dir, jwks.url(), "")) {
            accepted(call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), claims())));
            refused(call(s, "/v1/pets", key.sign("PS256", map("kid", key.kid), claims())), 401, "ERR10000", "algorithm");
        }
    }

    @Test
    void aTokenWithoutKidIsRefusedWhenSeveralKeysCouldVerifyIt() {
        ProviderKey a = ProviderKey.rsa("a");
        ProviderKey b = ProviderKey.rsa("b");
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(jwk(a, "use", "sig"), jwk(b, "use", "sig")));
             TestService s = service(dir, jwks.url(), "")) {
            refused(call(s, "/v1/pets", a.sign("RS256", map("typ", "JWT"), claims())), 401, "ERR10000", "key id");
        }
    }

    @Test
    void aTokenWithoutKidUsesTheOnlySignatureKeyBesideEncryptionKeys() {
        ProviderKey sig = ProviderKey.rsa("sig");
        ProviderKey enc = ProviderKey.rsa("enc");
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(jwk(sig, "use", "sig"), jwk(enc, "use", "enc", "alg", "RSA-OAEP")));
             TestService s = service(dir, jwks.url(), "")) {
            accepted(call(s, "/v1/pets", sig.sign("RS256", map("typ", "JWT"), claims())));
            refused(call(s, "/v1/pets", enc.sign("RS256", map("typ", "JWT"), claims())), 401, "ERR10000", "signature");
        }
    }

    @Test
    void aProviderWithOneKeyWithoutKidRotatesIt() {
        ProviderKey old = ProviderKey.rsa("old");
        ProviderKey next = ProviderKey.rsa("next");
        Map<String, Object> oldJwk = old.bareJwk();
        oldJwk.putAll(map("use", "sig", "alg", "RS256"));
        Map<String, Object> nextJwk = next.bareJwk();
        nextJwk.putAll(map("use", "sig", "alg", "RS256"));
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(oldJwk)); TestService s = service(dir, jwks.url(), "")) {
            accepted(call(s, "/v1/pets", old.sign("RS256", map("typ", "JWT"), claims())));
            jwks.serve(ProviderKey.jwks(nextJwk));
            accepted(call(s, "/v1/pets", next.sign("RS256", map("typ", "JWT"), claims())));
            assertEquals(2, jwks.fetches(), "one refresh, started by the first token the old key did not verify");
            // a kid-less token of the retired key the service has not seen yet (another jti, so not the
            // first token, which the verified-token cache may still hold): one more (rate-limited) fetch,
            // then refused on its signature
            Map<String, Object> unseen = claims();
            unseen.put("jti", "after-rotation");
            refused(call(s, "/v1/pets", old.sign("RS256", map("typ", "JWT"), unseen)), 401, "ERR10000", "signature");
        }
    }

    @Test
    void timesAreCheckedWithTheClockSkew() {
        ProviderKey key = ProviderKey.rsa("t");
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(jwk(key, "use", "sig")));
             TestService s = service(dir, jwks.url(), "clockSkewInSeconds: 60")) {
            Map<String, Object> c = claims();
            c.put("nbf", now() + 30);
            c.put("iat", now() + 30); // the issuer's clock runs a little ahead
            accepted(call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), c)));
            c.put("nbf", now() + 600);
            c.put("iat", now());
            c.put("exp", now() + 900);
            refused(call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), c)), 401, "ERR10000", "not valid yet");
            c = claims();
            c.put("iat", now() - 330);
            c.put("exp", now() - 30);
            accepted(call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), c)));
            c.put("exp", now() - 600);
            c.put("iat", now() - 900);
            refused(call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), c)), 401, "ERR10001", "expired");
            c = claims();
            c.remove("exp");
            refused(call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), c)), 401, "ERR10000", "no expiry");
        }
    }

    @Test
    void audienceAsStringOrArrayAndScopesInEveryForm() {
        ProviderKey key = ProviderKey.rsa("f");
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(jwk(key, "use", "sig")));
             TestService s = service(dir, jwks.url(), "audience: [petstore]")) {
            for (Object aud : List.of("petstore", List.of("other", "petstore"))) {
                Map<String, Object> c = claims();
                c.put("aud", aud);
                accepted(call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), c)));
            }
            for (Map<String, Object> scopes : List.of(map("scope", "openid read:pets"),
                    map("scope", List.of("openid", "read:pets")), map("scp", "openid read:pets"),
                    map("scp", List.of("read:pets")))) {
                Map<String, Object> c = claims();
                c.remove("scope");
                c.putAll(scopes);
                accepted(call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), c)));
            }
            Map<String, Object> c = claims();
            c.put("scope", "write:pets");
            refused(call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), c)), 403, "ERR10005", "scope=\"read:pets\"");
            c.put("aud", List.of("other"));
            refused(call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), c)), 401, "ERR10000", "audience");
        }
    }
}
