package io.lumen.security;

import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.lumen.security.ProviderKey.map;
import static io.lumen.security.ProviderTokens.accepted;
import static io.lumen.security.ProviderTokens.call;
import static io.lumen.security.ProviderTokens.kidHeader;
import static io.lumen.security.ProviderTokens.now;
import static io.lumen.security.ProviderTokens.refused;
import static io.lumen.security.ProviderTokens.service;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tokens and JWKS documents in the layouts of real identity providers (fields, header, claim shapes:
 * src/test/resources/providers/README.md), signed with test keys, against a running service whose
 * keys come from a JWKS endpoint on loopback.
 */
class IdentityProvidersTest {
    @TempDir
    Path dir;

    @Test
    void keycloakAccessTokensPassAndItsEncryptionKeyNeverVerifies() {
        ProviderKey sig = ProviderKey.rsa("kc-sig-7Qb1");
        ProviderKey enc = ProviderKey.rsa("kc-enc-Xr2f");
        Map<String, Object> sigJwk = map("kid", sig.kid, "alg", "RS256", "use", "sig");
        sigJwk.putAll(sig.bareJwk());
        sigJwk.putAll(map("x5c", List.of(sig.x5c()), "x5t", sig.x5t(), "x5t#S256", sig.x5tS256()));
        Map<String, Object> encJwk = map("kid", enc.kid, "alg", "RSA-OAEP", "use", "enc");
        encJwk.putAll(enc.bareJwk());
        encJwk.putAll(map("x5c", List.of(enc.x5c()), "x5t", enc.x5t(), "x5t#S256", enc.x5tS256()));
        String issuer = "http://localhost:8180/realms/demo";
        Map<String, Object> claims = map("exp", now() + 300, "iat", now(), "jti", "onrtac:3f1c", "iss", issuer,
                "aud", "account", "sub", "5c8b2a4e", "typ", "Bearer", "azp", "petstore-web", "sid", "8d2f",
                "acr", "1", "allowed-origins", List.of("http://localhost:3000"),
                "realm_access", map("roles", List.of("offline_access", "default-roles-demo")),
                "resource_access", map("account", map("roles", List.of("manage-account"))),
                "scope", "openid profile email read:pets", "email_verified", true, "preferred_username", "alice");
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(sigJwk, encJwk));
             TestService s = service(dir, jwks.url(), "issuer: " + issuer + "\naudience: [account]")) {
            var r = call(s, "/v1/pets", sig.sign("RS256", kidHeader(sig.kid), claims));
            accepted(r);
            assertTrue(r.body().contains("scopes=[email, openid, profile, read:pets]"), r.body());
            // Keycloak's RFC 9068 option: typ at+jwt
            accepted(call(s, "/v1/pets", sig.sign("RS256", map("typ", "at+jwt", "kid", sig.kid), claims)));
            // a token signed with the key published for encryption
            refused(call(s, "/v1/pets", enc.sign("RS256", kidHeader(enc.kid), claims)), 401, "ERR10000", "invalid_token");
        }
    }

    @Test
    void auth0AudienceArrayAndPermissions() {
        ProviderKey key = ProviderKey.rsa("NkJCQzIyQzRBMEU4NjhGNUU4MzU4RkY0M0ZDQzkwOUQ0Q0VGNUMwQg");
        Map<String, Object> jwk = map("alg", "RS256");
        jwk.putAll(key.bareJwk());
        jwk.putAll(map("use", "sig", "x5c", List.of(key.x5c()), "kid", key.kid, "x5t", key.x5t()));
        String issuer = "https://lumen-test.us.auth0.com/";
        Map<String, Object> claims = map("iss", issuer, "sub", "auth0|64f1", "aud",
                List.of("https://api.lumen.test", "https://lumen-test.us.auth0.com/userinfo"), "iat", now(),
                "exp", now() + 300, "azp", "Xk2p9", "scope", "openid profile read:pets", "permissions", List.of("read:pets"));
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(jwk));
             TestService s = service(dir, jwks.url(), "issuer: " + issuer + "\naudience: [https://api.lumen.test]")) {
            accepted(call(s, "/v1/pets", key.sign("RS256", kidHeader(key.kid), claims)));
            claims.put("aud", List.of("https://other.api", "https://lumen-test.us.auth0.com/userinfo"));
            refused(call(s, "/v1/pets", key.sign("RS256", kidHeader(key.kid), claims)), 401, "ERR10000", "audience");
        }
    }

    @Test
    void auth0TokenWithoutKidAgainstItsOneKeyJwksWithoutKid() {
        // jwks-single-no-kid.json's layout: alg, kty, use, x5c, n, e, x5t; no kid in the key nor in the token
        ProviderKey key = ProviderKey.rsa("unused");
        Map<String, Object> jwk = map("alg", "RS256");
        jwk.putAll(key.bareJwk());
        jwk.putAll(map("use", "sig", "x5c", List.of(key.x5c()), "x5t", key.x5t()));
        Map<String, Object> claims = map("iss", "https://lumen-test.us.auth0.com/", "sub", "auth0|64f1",
                "aud", "https://api.lumen.test", "iat", now(), "exp", now() + 300, "scope", "read:pets");
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(jwk)); TestService s = service(dir, jwks.url(), "")) {
            accepted(call(s, "/v1/pets", key.sign("RS256", map("typ", "JWT"), claims)));
        }
    }

    @Test
    void oktaScpArrayCidAndUid() {
        ProviderKey key = ProviderKey.rsa("Zt3_okta-2025");
        Map<String, Object> jwk = map("kty", "RSA", "alg", "RS256", "kid", key.kid, "use", "sig");
        jwk.putAll(key.bareJwk());
        String issuer = "https://lumen.okta.com/oauth2/default";
        Map<String, Object> claims = map("ver", 1, "jti", "AT.pQ1", "iss", issuer, "aud", "api://default",
                "iat", now(), "exp", now() + 300, "cid", "0oa1client", "uid", "00u1user",
                "scp", List.of("openid", "read:pets"), "auth_time", now() - 10, "sub", "alice@example.com");
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(jwk));
             TestService s = service(dir, jwks.url(), "issuer: " + issuer + "\naudience: [api://default]")) {
            var r = call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), claims));
            accepted(r);
            assertTrue(r.body().startsWith("client=0oa1client user=00u1user"), r.body());
        }
    }

    @Test
    void entraIdV1AndV2TokensOfOneTenantOnOneService() {
        ProviderKey key = ProviderKey.rsa("unused");
        String tenant = "72f988bf-86f1-41af-91ab-2d7cd011db47";
        String v1 = "https://sts.windows.net/" + tenant + "/";
        String v2 = "https://login.microsoftonline.com/" + tenant + "/v2.0";
        String kid = key.x5t(); // Entra publishes kid equal to x5t, and no alg
        Map<String, Object> jwk = map("kty", "RSA", "use", "sig", "kid", kid, "x5t", kid);
        jwk.putAll(key.bareJwk());
        jwk.putAll(map("x5c", List.of(key.x5c()), "issuer", v2));
        Map<String, Object> header = map("typ", "JWT", "x5t", kid, "kid", kid);
        Map<String, Object> v1Claims = map("aud", "api://lumen-petstore", "iss", v1, "iat", now(), "nbf", now(),
                "exp", now() + 300, "acr", "1", "amr", List.of("pwd"), "appid", "0b5f", "appidacr", "0",
                "name", "Alice", "oid", "a1", "scp", "read:pets user_impersonation", "sub", "s1", "tid", tenant,
                "unique_name", "alice@contoso.com", "upn", "alice@contoso.com", "uti", "u1", "ver", "1.0");
        Map<String, Object> v2Claims = map("aud", "6e74172b-be56-4843-9ff4-e66a39bb12e3", "iss", v2, "iat", now(),
                "nbf", now(), "exp", now() + 300, "azp", "0b5f", "azpacr", "0", "name", "Alice", "oid", "a1",
                "preferred_username", "alice@contoso.com", "scp", "read:pets", "sub", "s2", "tid", tenant, "ver", "2.0");
        Map<String, Object> appOnly = map("aud", "6e74172b-be56-4843-9ff4-e66a39bb12e3", "iss", v2, "iat", now(),
                "nbf", now(), "exp", now() + 300, "azp", "0b5f", "azpacr", "1", "oid", "svc", "roles",
                List.of("Pets.Read.All"), "sub", "svc", "tid", tenant, "ver", "2.0");
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(jwk));
             TestService s = service(dir, jwks.url(), "issuer: [" + v1 + ", " + v2 + "]\n"
                     + "audience: [api://lumen-petstore, 6e74172b-be56-4843-9ff4-e66a39bb12e3]")) {
            accepted(call(s, "/v1/pets", key.sign("RS256", header, v1Claims)));
            accepted(call(s, "/v1/pets", key.sign("RS256", header, v2Claims)));
            // an app-only token carries roles, not scopes: it has none of the operation's scopes
            refused(call(s, "/v1/pets", key.sign("RS256", header, appOnly)), 403, "ERR10005", "insufficient_scope");
            v2Claims.put("iss", "https://login.microsoftonline.com/another-tenant/v2.0");
            refused(call(s, "/v1/pets", key.sign("RS256", header, v2Claims)), 401, "ERR10000", "issuer");
        }
    }

    @Test
    void adfsTokensNameTheirKeyByX5tOnly() {
        // AD FS (and older Entra v1) access tokens: header {typ, alg, x5t}, no kid; its JWKS has several keys, kid = x5t
        ProviderKey current = ProviderKey.rsa("unused-1");
        ProviderKey next = ProviderKey.rsa("unused-2");
        List<Map<String, Object>> keys = new java.util.ArrayList<>();
        for (ProviderKey k : List.of(current, next)) {
            Map<String, Object> jwk = map("kty", "RSA", "use", "sig", "alg", "RS256", "kid", k.x5t(), "x5t", k.x5t());
            jwk.putAll(k.bareJwk());
            jwk.put("x5c", List.of(k.x5c()));
            keys.add(jwk);
        }
        String issuer = "http://adfs.contoso.test/adfs/services/trust";
        Map<String, Object> claims = map("aud", "urn:microsoft:userinfo", "iss", issuer, "iat", now(), "nbf", now(),
                "exp", now() + 300, "apptype", "Confidential", "appid", "c8a0", "authmethod",
                "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport", "auth_time", "2026-11-28T10:00:00Z",
                "ver", "1.0", "scp", "openid read:pets", "upn", "alice@contoso.test", "sub", "adfs-sub");
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(keys.get(0), keys.get(1)));
             TestService s = service(dir, jwks.url(), "issuer: " + issuer)) {
            accepted(call(s, "/v1/pets", next.sign("RS256", map("typ", "JWT", "x5t", next.x5t()), claims)));
            refused(call(s, "/v1/pets", next.sign("RS256", map("typ", "JWT", "x5t", current.x5t()), claims)), 401,
                    "ERR10000", "signature is invalid");
        }
    }

    @Test
    void googleRotatesItsKeys() {
        ProviderKey current = ProviderKey.rsa("a50f6e70ef4b548a5fd9142eecd1fb8f54dce9ee");
        ProviderKey next = ProviderKey.rsa("6719678351a5faedc2e70274bbea62da2a8c4a12");
        Map<String, Object> a = googleJwk(current);
        Map<String, Object> b = googleJwk(next);
        String aud = "1234-abc.apps.googleusercontent.com";
        Map<String, Object> claims = map("iss", "https://accounts.google.com", "azp", aud, "aud", aud,
                "sub", "110169484474386276334", "email", "alice@gmail.com", "email_verified", true,
                "at_hash", "HK6E_P6Dh8Y93mRNtsDB1Q", "iat", now(), "exp", now() + 300);
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(a));
             TestService s = service(dir, jwks.url(), "issuer: https://accounts.google.com\naudience: [" + aud + "]")) {
            accepted(call(s, "/public/info", current.sign("RS256", kidHeader(current.kid), claims)));
            jwks.serve(ProviderKey.jwks(b, a));
            accepted(call(s, "/public/info", next.sign("RS256", kidHeader(next.kid), claims)));
            // an ID token has no scope: a route that needs one refuses it
            refused(call(s, "/v1/pets", next.sign("RS256", kidHeader(next.kid), claims)), 403, "ERR10005",
                    "scope=\"read:pets\"");
        }
    }

    private static Map<String, Object> googleJwk(ProviderKey key) {
        Map<String, Object> bare = key.bareJwk();
        return map("e", bare.get("e"), "n", bare.get("n"), "use", "sig", "kty", "RSA", "alg", "RS256", "kid", key.kid);
    }

    @Test
    void cognitoAccessTokensCarryClientIdInsteadOfAud() {
        ProviderKey key = ProviderKey.rsa("abcdEFGH1234/x+y=");
        Map<String, Object> bare = key.bareJwk();
        Map<String, Object> jwk = map("alg", "RS256", "e", bare.get("e"), "kid", key.kid, "kty", "RSA",
                "n", bare.get("n"), "use", "sig");
        String issuer = "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123";
        Map<String, Object> access = map("sub", "aaaa-bbbb", "cognito:groups", List.of("admins"), "iss", issuer,
                "version", 2, "client_id", "7d8v2app", "origin_jti", "o1", "token_use", "access",
                "scope", "read:pets", "auth_time", now(), "exp", now() + 300, "iat", now(), "jti", "j1",
                "username", "alice");
        Map<String, Object> id = map("sub", "aaaa-bbbb", "aud", "7d8v2app", "email_verified", true,
                "token_use", "id", "auth_time", now(), "iss", issuer, "cognito:username", "alice",
                "exp", now() + 300, "iat", now(), "email", "alice@example.com");
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(jwk));
             TestService s = service(dir, jwks.url(), "issuer: " + issuer + "\naudience: [7d8v2app]")) {
            var r = call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), access));
            accepted(r);
            assertTrue(r.body().startsWith("client=7d8v2app"), r.body());
            accepted(call(s, "/public/info", key.sign("RS256", map("kid", key.kid), id)));
            access.put("client_id", "another-app");
            refused(call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), access)), 401, "ERR10000", "audience");
        }
    }

    @Test
    void springAuthorizationServerScopeArray() {
        ProviderKey key = ProviderKey.rsa("4f6b0f1e-9a57-4d0e-8d1b-2f1f0d6a0c11");
        Map<String, Object> bare = key.bareJwk();
        Map<String, Object> jwk = map("kty", "RSA", "e", bare.get("e"), "kid", key.kid, "n", bare.get("n"));
        Map<String, Object> claims = map("sub", "petstore-client", "aud", "petstore-client", "nbf", now(),
                "scope", List.of("read:pets"), "iss", "http://localhost:9000", "exp", now() + 300, "iat", now(),
                "jti", "0d1e");
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(jwk));
             TestService s = service(dir, jwks.url(), "issuer: http://localhost:9000\naudience: [petstore-client]")) {
            accepted(call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), claims)));
        }
    }

    @Test
    void lightOauth2TokensWithAnX509CertificateByKid() {
        ProviderKey signer = ProviderKey.rsa("100");
        signer.writeCertificate(dir.resolve("100.crt"));
        Map<String, Object> claims = map("iss", "urn:com:networknt:oauth2:v1", "aud", "urn:com.networknt",
                "exp", now() + 300, "jti", "Jq1", "iat", now(), "nbf", now() - 120, "version", "1.0",
                "user_id", "steve", "user_type", "EMPLOYEE", "client_id", "f7d42348-c647-4efb-a52d-4c5787421e72",
                "scope", List.of("read:pets", "write:pets"));
        try (TestService s = TestService.in(dir).file("handler.yml", ProviderTokens.HANDLER_YML).file("security.yml", """
                jwt:
                  certificate: '100=100.crt'
                  clockSkewInSeconds: 60
                  keyResolver: X509Certificate
                """).start()) {
            var r = call(s, "/v1/pets", signer.sign("RS256", map("kid", "100"), claims));
            accepted(r);
            assertEquals("client=f7d42348-c647-4efb-a52d-4c5787421e72 user=steve scopes=[read:pets, write:pets] x-client=null",
                    r.body());
        }
    }
}
