package io.lumen.security;

import io.lumen.testkit.TestService;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.keys.HmacKey;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The security middleware over real HTTP: one service with an X.509 key (kid k1), hostile tokens against it. */
class SecurityHandlerTest {
    static final String HANDLER_YML = """
            handlers:
              - io.lumen.security.ShowToken@show
              - io.lumen.security.RequireScopes@spec
            chains:
              secured: [exception, spec, security]
            paths:
              - {path: '/v1/pets', method: GET, exec: [secured, show]}
              - {path: '/v1/pets', method: POST, exec: [secured, show]}
              - {path: '/public/info', method: GET, exec: [secured, show]}
              - {path: '/nospec', method: GET, exec: [exception, security, show]}
              - {path: '/health', method: GET, exec: [exception, security, show]}
              - {path: '/adm/logger', method: POST, exec: [exception, security, show]}
            """;

    @TempDir
    static Path dir;
    static TestService service;
    static final TestKeys KEYS = TestKeys.rsa("k1");
    static final TestKeys IMPOSTOR = TestKeys.rsa("k1"); // another key pair claiming the same kid

    @BeforeAll
    static void start() {
        KEYS.writeCertificate(dir);
        service = TestService.in(dir).file("handler.yml", HANDLER_YML).file("security.yml", """
                skipPathPrefixes: [/health]
                passThroughClaims: {client_id: X-Client-Id}
                routeScopes: {/adm: [admin]}
                jwt:
                  certificate: ${security.certificate:k1=k1.crt}
                  clockSkewInSeconds: 0
                  issuer: ${security.issuer:https://lumen.test/issuer}
                  audience: ${security.audience:petstore}
                """).start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    static HttpResponse<String> get(String path, String authorization) {
        var b = service.request(path).GET();
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return service.send(b.build());
    }

    static HttpResponse<String> bearer(String token) {
        return get("/v1/pets", "Bearer " + token);
    }

    static void assertRefused(HttpResponse<String> r, int status, String code, String challenge) {
        assertEquals(status, r.statusCode(), r.body());
        assertTrue(r.body().contains("\"code\":\"" + code + "\""), r.body());
        String www = r.headers().firstValue("WWW-Authenticate").orElse("<none>");
        assertTrue(www.startsWith(challenge), www);
    }

    static void assertInvalid(HttpResponse<String> r) {
        assertRefused(r, 401, "ERR10000", "Bearer error=\"invalid_token\"");
    }

    static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void routeScopesProtectARouteThatHasNoOpenApiOperation() {
        var post = service.request("/adm/logger").POST(HttpRequest.BodyPublishers.ofString("[]"));
        HttpResponse<String> reader = service.send(post.header("Authorization", "Bearer " + KEYS.token()).build());
        assertRefused(reader, 403, "ERR10005", "Bearer error=\"insufficient_scope\"");
        String admin = KEYS.token(c -> c.setClaim("scope", "admin"));
        HttpResponse<String> ok = service.send(service.request("/adm/logger").POST(HttpRequest.BodyPublishers
                .ofString("[]")).header("Authorization", "Bearer " + admin).build());
        assertEquals(200, ok.statusCode(), ok.body());
        assertEquals(200, get("/nospec", "Bearer " + KEYS.token()).statusCode(), "other routes keep their rules");
    }

    @Test
    void validTokenReachesTheHandlerWithClientUserAndScopes() {
        HttpResponse<String> r = bearer(KEYS.token());
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("client=petstore-web user=alice scopes=[read:pets] x-client=petstore-web", r.body());
    }

    @Test
    void missingAuthorizationIs401MissingTokenWithBareBearerChallenge() {
        HttpResponse<String> r = get("/v1/pets", null);
        assertRefused(r, 401, "ERR10002", "Bearer");
        assertEquals("Bearer", r.headers().firstValue("WWW-Authenticate").orElseThrow());
    }

    @Test
    void otherSchemeOrEmptyBearerIs401MissingToken() {
        assertRefused(get("/v1/pets", "Basic YWxpY2U6c2VjcmV0"), 401, "ERR10002", "Bearer");
        assertRefused(get("/v1/pets", "Bearer "), 401, "ERR10002", "Bearer");
        assertRefused(get("/v1/pets", KEYS.token()), 401, "ERR10002", "Bearer"); // the token without the scheme
    }

    @Test
    void schemeIsCaseInsensitive() {
        assertEquals(200, get("/v1/pets", "bearer " + KEYS.token()).statusCode());
    }

    @Test
    void malformedTokensAre401InvalidToken() {
        for (String garbage : List.of("abc", "a.b.c", "....", b64("{\"alg\":\"RS256\"}") + ".e30.",
                "eyJhbGciOiJSUzI1NiJ9.not-json.c2ln", "%%%.&&&.***")) {
            assertInvalid(bearer(garbage));
        }
    }

    @Test
    void expiredTokenIs401Expired() {
        String token = KEYS.token(c -> c.setExpirationTime(NumericDate.fromSeconds(Instant.now().getEpochSecond() - 60)));
        HttpResponse<String> r = bearer(token);
        assertRefused(r, 401, "ERR10001", "Bearer error=\"invalid_token\", error_description=\"The access token expired\"");
    }

    @Test
    void tokenWithoutExpiryIsRefused() {
        assertInvalid(bearer(KEYS.token(c -> c.unsetClaim("exp"))));
    }

    @Test
    void tokenNotYetValidIsRefused() {
        HttpResponse<String> r = bearer(KEYS.token(c -> c.setNotBefore(NumericDate.fromSeconds(Instant.now().getEpochSecond() + 300))));
        assertInvalid(r);
        assertTrue(r.headers().firstValue("WWW-Authenticate").orElseThrow().contains("not valid yet"));
    }

    @Test
    void tokenIssuedInTheFutureIsRefused() {
        assertInvalid(bearer(KEYS.token(c -> c.setIssuedAt(NumericDate.fromSeconds(Instant.now().getEpochSecond() + 300)))));
    }

    @Test
    void tokenSignedByAnotherKeyWithTheSameKidIsRefused() {
        HttpResponse<String> r = bearer(IMPOSTOR.token());
        assertInvalid(r);
        assertTrue(r.headers().firstValue("WWW-Authenticate").orElseThrow().contains("signature"));
    }

    @Test
    void algNoneIsRefused() {
        String payload = b64(TestKeys.claims().toJson());
        assertInvalid(bearer(b64("{\"alg\":\"none\",\"kid\":\"k1\"}") + "." + payload + "."));
        assertInvalid(bearer(b64("{\"alg\":\"none\"}") + "." + payload + "."));
        assertInvalid(bearer(b64("{\"alg\":\"NONE\",\"kid\":\"k1\"}") + "." + payload + ".c2ln"));
    }

    @Test
    void hs256SignedWithThePublicCertificateAsSecretIsRefused() throws Exception {
        byte[] pem = Files.readAllBytes(dir.resolve("k1.crt"));
        for (byte[] secret : List.of(KEYS.pair.getPublic().getEncoded(), pem)) {
            JsonWebSignature jws = new JsonWebSignature();
            jws.setPayload(TestKeys.claims().toJson());
            jws.setKey(new HmacKey(secret));
            jws.setKeyIdHeaderValue("k1");
            jws.setAlgorithmHeaderValue("HS256");
            HttpResponse<String> r = bearer(jws.getCompactSerialization());
            assertInvalid(r);
            assertTrue(r.headers().firstValue("WWW-Authenticate").orElseThrow().contains("algorithm"));
        }
    }

    @Test
    void tamperedPayloadIsRefused() {
        String[] parts = KEYS.token().split("\\.");
        JwtClaims more = TestKeys.claims();
        more.setClaim("scope", "read:pets write:pets admin");
        assertInvalid(bearer(parts[0] + "." + b64(more.toJson()) + "." + parts[2]));
        String sig = parts[2];
        char flipped = sig.charAt(10) == 'A' ? 'B' : 'A';
        assertInvalid(bearer(parts[0] + "." + parts[1] + "." + sig.substring(0, 10) + flipped + sig.substring(11)));
    }

    @Test
    void wrongOrMissingIssuerIsRefused() {
        assertInvalid(bearer(KEYS.token(c -> c.setIssuer("https://evil.example/issuer"))));
        assertInvalid(bearer(KEYS.token(c -> c.unsetClaim("iss"))));
    }

    @Test
    void wrongOrMissingAudienceIsRefused() {
        assertInvalid(bearer(KEYS.token(c -> c.setAudience("other-service"))));
        assertInvalid(bearer(KEYS.token(c -> c.unsetClaim("aud"))));
        assertEquals(200, bearer(KEYS.token(c -> c.setAudience("other-service", "petstore"))).statusCode());
    }

    @Test
    void unknownKidWithoutJwksIs401NotA400() {
        TestKeys stranger = TestKeys.rsa("k9");
        HttpResponse<String> r = bearer(stranger.token());
        assertInvalid(r);
        assertTrue(r.headers().firstValue("WWW-Authenticate").orElseThrow().contains("key id is unknown"));
        // no kid at all: the only configured key verifies it (a provider with one key may leave kid out)
        assertEquals(200, bearer(KEYS.sign(TestKeys.claims(), null, "RS256")).statusCode());
        HttpResponse<String> forged = bearer(stranger.sign(TestKeys.claims(), null, "RS256"));
        assertInvalid(forged);
        assertTrue(forged.headers().firstValue("WWW-Authenticate").orElseThrow().contains("signature is invalid"));
    }

    @Test
    void scopeMismatchIs403WithInsufficientScopeChallenge() {
        HttpResponse<String> r = service.send(service.request("/v1/pets").header("Authorization", "Bearer " + KEYS.token())
                .POST(HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(403, r.statusCode(), r.body());
        assertTrue(r.body().contains("\"code\":\"ERR10005\""), r.body());
        assertEquals("Bearer error=\"insufficient_scope\", error_description=\"The token has none of the required "
                + "scopes\", scope=\"admin write:pets\"", r.headers().firstValue("WWW-Authenticate").orElseThrow());
    }

    @Test
    void anyOneRequiredScopeSufficesFromAStringScopeOrAnScpArray() {
        String scopeString = KEYS.token(c -> c.setClaim("scope", "read:pets write:pets"));
        String scpArray = KEYS.token(c -> {
            c.unsetClaim("scope");
            c.setStringListClaim("scp", "admin");
        });
        for (String token : List.of(scopeString, scpArray)) {
            HttpResponse<String> r = service.send(service.request("/v1/pets").header("Authorization", "Bearer " + token)
                    .POST(HttpRequest.BodyPublishers.noBody()).build());
            assertEquals(200, r.statusCode(), r.body());
        }
        assertEquals(403, bearer(scpArray).statusCode()); // GET needs read:pets, the token has admin only
    }

    @Test
    void noScopeIsNeededWhenTheOperationRequiresNoneOrNoSpecificationRan() {
        String unscoped = KEYS.token(c -> c.unsetClaim("scope"));
        assertEquals(403, bearer(unscoped).statusCode());
        assertEquals(200, get("/public/info", "Bearer " + unscoped).statusCode());
        assertEquals(200, get("/nospec", "Bearer " + unscoped).statusCode());
        assertEquals(401, get("/nospec", null).statusCode()); // still authenticated
    }

    @Test
    void skippedPathPrefixNeedsNoToken() {
        HttpResponse<String> r = get("/health", null);
        assertEquals(200, r.statusCode());
        assertEquals("client=null user=null scopes=null x-client=null", r.body());
    }

    @Test
    void passThroughClaimReplacesAClientSuppliedHeader() {
        HttpResponse<String> r = service.send(service.request("/v1/pets").header("Authorization", "Bearer " + KEYS.token())
                .header("X-Client-Id", "forged").GET().build());
        assertEquals(200, r.statusCode());
        assertTrue(r.body().endsWith("x-client=petstore-web"), r.body());
    }

    @Test
    void aSixteenKilobyteAuthorizationHeaderIs401() {
        HttpResponse<String> r = get("/v1/pets", "Bearer " + "a".repeat(16 * 1024));
        assertInvalid(r);
        String longButShaped = b64("{\"alg\":\"RS256\",\"kid\":\"k1\"}") + "." + "e".repeat(16 * 1024) + ".c2ln";
        assertInvalid(bearer(longButShaped));
    }

    @Test
    void garbageBytesInTheHeaderNeverCauseA5xx() throws Exception {
        var uri = service.uri("/v1/pets");
        try (Socket s = new Socket(uri.getHost(), uri.getPort())) {
            s.setSoTimeout(5000);
            OutputStream out = s.getOutputStream();
            out.write("GET /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ".getBytes(StandardCharsets.US_ASCII));
            byte[] junk = new byte[300];
            for (int i = 0; i < junk.length; i++) {
                junk[i] = (byte) (0x80 + (i % 0x7f));
            }
            out.write(junk);
            out.write("\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            assertFalse(answer.startsWith("HTTP/1.1 5"), answer);
            assertTrue(answer.isEmpty() || answer.startsWith("HTTP/1.1 4"), answer);
        }
    }

    @Test
    void theVerifiedClaimsArePublishedInTheHandlerModulesAttachments() {
        HttpResponse<String> r = get("/nospec", "Bearer " + KEYS.token(c -> c.setSubject("alice")));
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("alice", r.headers().firstValue("X-Verified-Sub").orElse(null), "what the proxy's forwardJwtClaims reads");
        HttpResponse<String> skipped = get("/health", null);
        assertEquals(200, skipped.statusCode(), skipped.body());
        assertFalse(skipped.headers().firstValue("X-Verified-Sub").isPresent(), "no token, no claims");
    }
}
