package io.lumen.security.unified;

import io.lumen.config.ConfigException;
import io.lumen.security.password.KeyDigest;
import io.lumen.security.password.PasswordHash;
import io.lumen.testkit.TestService;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.keys.HmacKey;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One security link, a scheme per path prefix, through real HTTP. */
class UnifiedSecurityHandlerTest {
    private static final String SECRET = "0123456789abcdef0123456789abcdef";
    private static final String HANDLER_YML = """
            handlers:
              - io.lumen.security.basic.Whoami@whoami
            paths:
              - {path: /partners/orders, method: GET, exec: [unified, whoami]}
              - {path: /v1/pets, method: GET, exec: [unified, whoami]}
              - {path: /health/ready, method: GET, exec: [unified, whoami]}
              - {path: /forgotten, method: GET, exec: [unified, whoami]}
              - {path: '/gw/*', method: GET, exec: [unified, whoami]}
            """;

    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = TestService.in(dir).file("handler.yml", HANDLER_YML)
                .file("unified-security.yml", """
                        anonymousPrefixes: [/health, /gw/public]
                        pathPrefixAuths:
                          - {prefix: /partners, basic: true, apikey: true}
                          - {prefix: /v1, jwt: true, basic: true}
                          - {prefix: /gw/partners, apikey: true}
                          - {prefix: /gw, jwt: true}
                        """)
                .file("basic-auth.yml", "users:\n  - {username: ops, password: '" + PasswordHash.bcrypt("ops-pw", 4) + "'}\n")
                .file("apikey.yml", "pathPrefixAuths:\n  - {pathPrefix: /partners, headerName: X-Api-Key, apiKey: '"
                        + KeyDigest.stored("partner-key") + "', clientId: acme}\n"
                        + "  - {pathPrefix: /gw/partners, headerName: X-Api-Key, apiKey: '" + KeyDigest.stored("gw-key")
                        + "', clientId: gw}\n")
                .file("security.yml", "jwt:\n  sharedSecret: " + SECRET + "\n  algorithms: [HS256]\n"
                        + "skipVerifyScopeWithoutSpec: true\n")
                .start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static HttpResponse<String> get(String path, String header, String value) {
        var b = service.request(path).GET();
        if (header != null) {
            b.header(header, value);
        }
        return service.send(b.build());
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static String token() throws Exception {
        JwtClaims c = new JwtClaims();
        c.setSubject("alice");
        c.setClaim("client_id", "web");
        c.setExpirationTimeMinutesInTheFuture(10);
        c.setIssuedAtToNow();
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(c.toJson());
        jws.setKey(new HmacKey(SECRET.getBytes(StandardCharsets.UTF_8)));
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.HMAC_SHA256);
        return jws.getCompactSerialization();
    }

    @Test
    void eachPrefixAcceptsItsSchemesAndTheCredentialsChooseOne() throws Exception {
        assertEquals("user=null client=acme", get("/partners/orders", "X-Api-Key", "partner-key").body());
        assertEquals("user=ops client=null", get("/partners/orders", "Authorization", basic("ops", "ops-pw")).body());
        HttpResponse<String> jwt = get("/v1/pets", "Authorization", "Bearer " + token());
        assertEquals(200, jwt.statusCode(), jwt.body());
        assertTrue(jwt.body().contains("client=web"), jwt.body());
        assertEquals(200, get("/v1/pets", "Authorization", basic("ops", "ops-pw")).statusCode());
        assertEquals(200, get("/health/ready", null, null).statusCode(), "anonymous prefix");
    }

    @Test
    void aSchemeThePrefixDoesNotAcceptIsNotTried() throws Exception {
        HttpResponse<String> key = get("/v1/pets", "X-Api-Key", "partner-key");
        assertEquals(401, key.statusCode());
        assertTrue(key.body().contains("\"code\":\"ERR19210\"") && key.body().contains("HTTP Basic or a Bearer token"),
                key.body());
        assertTrue(key.headers().firstValue("WWW-Authenticate").orElseThrow().contains("Bearer"));
        assertEquals(401, get("/partners/orders", "Authorization", "Bearer " + token()).statusCode());
    }

    @Test
    void wrongCredentialsGetTheChosenSchemesAnswer() {
        HttpResponse<String> wrongKey = get("/partners/orders", "X-Api-Key", "nope");
        assertEquals(401, wrongKey.statusCode());
        assertTrue(wrongKey.body().contains("ERR10075"), wrongKey.body());
        HttpResponse<String> wrongPw = get("/partners/orders", "Authorization", basic("ops", "nope"));
        assertTrue(wrongPw.body().contains("ERR10047"), wrongPw.body());
        HttpResponse<String> forged = get("/v1/pets", "Authorization", "Bearer eyJhbGciOiJub25lIn0.e30.");
        assertEquals(401, forged.statusCode());
        assertTrue(forged.body().contains("ERR10000"), forged.body());
    }

    @Test
    void aRouteUnderNoPrefixIsRefusedNotLetThrough() {
        HttpResponse<String> r = get("/forgotten", "Authorization", basic("ops", "ops-pw"));
        assertEquals(401, r.statusCode());
        assertTrue(r.body().contains("no scheme"), r.body());
    }

    @Test
    void onAWildcardRouteTheRequestPathPicksThePrefix() throws Exception {
        assertEquals("user=null client=gw", get("/gw/partners/orders/1", "X-Api-Key", "gw-key").body());
        assertEquals(401, get("/gw/partners/orders/1", "X-Api-Key", "partner-key").statusCode(), "another prefix's key");
        assertEquals(401, get("/gw/partners/orders/1", null, null).statusCode());
        assertEquals(200, get("/gw/public/logo", null, null).statusCode(), "anonymous");
        assertEquals(200, get("/gw/orders", "Authorization", "Bearer " + token()).statusCode(), "the /gw prefix: jwt");
        assertEquals(401, get("/gw/orders", "X-Api-Key", "gw-key").statusCode(), "/gw takes no API key");
    }

    @Test
    void lightFourJsUnsupportedKeysFailStartup(@TempDir Path bad) {
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(bad).file("handler.yml", HANDLER_YML)
                .file("unified-security.yml", "pathPrefixAuths:\n  - {prefix: /v1, jwt: true, jwkServiceIds: [a]}\n")
                .start().close());
        assertTrue(e.getMessage().contains("unified-security.yml") && e.getMessage().contains("service ids"), e.getMessage());
        ConfigException none = assertThrows(ConfigException.class, () -> TestService.in(bad).file("handler.yml", HANDLER_YML)
                .file("unified-security.yml", "pathPrefixAuths:\n  - {prefix: /v1}\n").start().close());
        assertTrue(none.getMessage().contains("at least one"), none.getMessage());
    }
}
