package io.lumen.validator;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.handler.HandlerAttachments;
import io.lumen.security.password.KeyDigest;
import io.lumen.security.password.PasswordHash;
import io.lumen.testkit.TestService;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.keys.HmacKey;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code security} middleware behind {@code specification} enforces each operation's own security
 * requirements, through real HTTP: apiKey in a header, a query parameter and a cookie, http basic,
 * http bearer and oauth2 JWTs with scopes, alternatives (OR), combinations (AND), {@code security: []}
 * and an empty alternative; refusals carry the right status, code and challenge, in the operation's
 * declared error format.
 */
class SpecSecurityTest {
    static final String SECRET = "0123456789abcdef0123456789abcdef0123456789";
    static final String HANDLERS = """
            handlers:
              - io.lumen.validator.SpecSecurityTest$Who@who
            chains:
              api: [exception, specification, security, body, validator]
            paths:
              - {path: '/*', method: GET, exec: [api, who]}
            """;

    @TempDir
    static Path dir;
    static TestService service;

    /** Answers who the request was authenticated as. */
    public static final class Who implements HttpHandler {
        @Override
        public void handleRequest(HttpServerExchange exchange) {
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
            exchange.getResponseSender().send("client=" + exchange.getAttachment(HandlerAttachments.CLIENT_ID)
                    + " user=" + exchange.getAttachment(HandlerAttachments.USER_ID));
        }
    }

    @BeforeAll
    static void start() {
        service = TestService.in(dir).file("handler.yml", HANDLERS)
                .file("openapi.yaml", Fixture.resource("specs/security/openapi.yaml"))
                .file("security.yml", "jwt:\n  sharedSecret: " + SECRET + "\n  algorithms: [HS256]\n"
                        + "schemes:\n"
                        + "  headerKey: {apiKeys: ['" + KeyDigest.stored("old-key") + "', '" + KeyDigest.stored("header-key")
                        + "'], clientId: partner}\n"
                        + "  queryKey:\n    apiKeys: ${security.queryKeys:[]}\n"
                        + "  cookieKey: {apiKeys: ['" + KeyDigest.stored("cookie-key") + "']}\n"
                        + "  basic:\n    users: ${security.basicUsers:[]}\n    realm: shop\n")
                .value("security.queryKeys", "['" + KeyDigest.stored("query-key") + "']")
                .value("security.basicUsers", "[{username: alice, password: '" + PasswordHash.bcrypt("alice-pw", 4) + "'}]")
                .start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static HttpResponse<String> get(String path, String... headers) {
        HttpRequest.Builder b = service.request(path).GET();
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return service.send(b.build());
    }

    static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    static String bearer(String scope) throws Exception {
        JwtClaims c = new JwtClaims();
        c.setSubject("bob");
        c.setClaim("client_id", "web");
        c.setClaim("scope", scope);
        c.setExpirationTimeMinutesInTheFuture(10);
        c.setIssuedAtToNow();
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(c.toJson());
        jws.setKey(new HmacKey(SECRET.getBytes(StandardCharsets.UTF_8)));
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.HMAC_SHA256);
        return "Bearer " + jws.getCompactSerialization();
    }

    private static void assertRefused(HttpResponse<String> r, int status, String code, String challenge) {
        assertEquals(status, r.statusCode(), r.body());
        JsonNode body = Fixture.json(r);
        assertEquals(code, body.path("code").asText(), r.body());
        assertEquals(challenge, r.headers().firstValue("WWW-Authenticate").orElse(null), r.body());
    }

    @Test
    void apiKeysAreTakenWhereTheSpecSaysAndAnyConfiguredKeyPasses() {
        assertEquals("client=partner user=null", get("/api/header", "X-Api-Key", "header-key").body());
        assertEquals(200, get("/api/header", "X-Api-Key", "old-key").statusCode(), "a second key, for rotation");
        assertEquals("client=queryKey user=null", get("/api/query?key=query-key").body(), "the scheme's name by default");
        assertEquals(200, get("/api/cookie", "Cookie", "theme=dark; session=cookie-key").statusCode());

        HttpResponse<String> none = get("/api/header");
        assertRefused(none, 401, "ERR19210", null);
        assertTrue(none.body().contains("an API key in header X-Api-Key"), none.body());
        assertRefused(get("/api/header", "X-Api-Key", "wrong"), 401, "ERR10075", null);
        assertRefused(get("/api/query", "X-Api-Key", "header-key"), 401, "ERR19210", null); // another scheme's place
        assertRefused(get("/api/query?key=header-key"), 401, "ERR10075", null); // another scheme's key
        assertRefused(get("/api/cookie?session=cookie-key"), 401, "ERR19210", null); // a query parameter is not the cookie
    }

    @Test
    void basicChecksThePasswordHashAndChallengesWithTheRealm() {
        String challenge = "Basic realm=\"shop\", charset=\"UTF-8\"";
        assertEquals("client=null user=alice", get("/api/basic", "Authorization", basic("alice", "alice-pw")).body());
        assertEquals("client=null user=alice", get("/api/basic", "Authorization", basic("alice", "alice-pw")).body(),
                "remembered: the second request passes on the IO thread");
        HttpResponse<String> wrong = get("/api/basic", "Authorization", basic("alice", "nope"));
        assertEquals(401, wrong.statusCode());
        assertEquals(challenge, wrong.headers().firstValue("WWW-Authenticate").orElse(null));
        assertEquals(401, get("/api/basic", "Authorization", basic("mallory", "alice-pw")).statusCode());
        HttpResponse<String> none = get("/api/basic");
        assertEquals(401, none.statusCode());
        assertEquals(challenge, none.headers().firstValue("WWW-Authenticate").orElse(null));
    }

    @Test
    void refusalsUseTheOperationsDeclaredErrorFormat() {
        HttpResponse<String> none = get("/api/basic");
        assertEquals("application/problem+json", none.headers().firstValue("Content-Type").orElse(""), none.body());
        JsonNode p = Fixture.json(none);
        assertEquals(401, p.path("status").asInt(), none.body());
        assertEquals("Unauthorized", p.path("title").asText(), none.body());
        assertEquals("application/json", get("/api/header").headers().firstValue("Content-Type").orElse(""),
                "an operation declaring no error format keeps Lumen's error JSON");
    }

    @Test
    void bearerAndOauth2VerifyTheJwtAndTheScopes() throws Exception {
        assertEquals("client=web user=bob", get("/api/bearer", "Authorization", bearer("")).body(), "the document's default");
        assertRefused(get("/api/bearer"), 401, "ERR10002", "Bearer"); // JWT-only: light-4j's code
        assertEquals(401, get("/api/bearer", "Authorization", "Bearer not.a.jwt").statusCode());
        assertEquals(401, get("/api/bearer", "X-Api-Key", "header-key").statusCode(), "not an alternative here");
        assertEquals(200, get("/api/scoped", "Authorization", bearer("read write")).statusCode());
        HttpResponse<String> scope = get("/api/scoped", "Authorization", bearer("write"));
        assertEquals(403, scope.statusCode(), scope.body());
        assertEquals("ERR10005", Fixture.json(scope).path("code").asText());
        assertTrue(scope.headers().firstValue("WWW-Authenticate").orElse("").contains("insufficient_scope"));
    }

    @Test
    void alternativesAreOrSchemesInOneRequirementAreAnd() {
        assertEquals(200, get("/api/either", "X-Api-Key", "header-key").statusCode());
        assertEquals(200, get("/api/either", "Authorization", basic("alice", "alice-pw")).statusCode());
        HttpResponse<String> neither = get("/api/either");
        assertRefused(neither, 401, "ERR19210", "Basic realm=\"shop\", charset=\"UTF-8\"");
        assertTrue(neither.body().contains("an API key in header X-Api-Key, or HTTP Basic"), neither.body());

        assertEquals("client=partner user=alice", get("/api/both", "X-Api-Key", "header-key",
                "Authorization", basic("alice", "alice-pw")).body());
        assertEquals(401, get("/api/both", "X-Api-Key", "header-key").statusCode(), "the key alone is not enough");
        assertEquals(401, get("/api/both", "Authorization", basic("alice", "alice-pw")).statusCode(), "nor the password");
        assertRefused(get("/api/both", "X-Api-Key", "wrong", "Authorization", basic("alice", "alice-pw")), 401, "ERR10075",
                "Basic realm=\"shop\", charset=\"UTF-8\""); // a 401 names the operation's HTTP schemes (RFC 9110 15.5.2)
    }

    @Test
    void anEmptyRequirementListOrAlternativeIsPublic() {
        HttpResponse<String> open = get("/api/public");
        assertEquals(200, open.statusCode(), "security: [] overrides the document's bearer requirement: " + open.body());
        assertEquals("client=null user=null", open.body());
        assertEquals(200, get("/api/optional").statusCode());
        assertFalse(get("/api/optional", "X-Api-Key", "wrong").statusCode() == 401,
                "the anonymous alternative lets the request through whatever it carries");
    }

    @Test
    void aPublicSpecsDocumentWideHttpBasicIsEnforcedOnEachOperation(@TempDir Path museum) throws Exception {
        String base = "/_mock/docs/openapi/museum-api";
        try (TestService s = TestService.in(museum).file("handler.yml", HANDLERS)
                .file("openapi.yaml", Fixture.resource("specs/public/museum/openapi.yaml"))
                .file("security.yml", "jwt:\n  sharedSecret: " + SECRET + "\n  algorithms: [HS256]\n"
                        + "schemes:\n  MuseumPlaceholderAuth:\n    users: [{username: curator, password: '"
                        + PasswordHash.bcrypt("curator-pw", 4) + "'}]\n")
                .start()) {
            HttpResponse<String> none = s.get(base + "/museum-hours");
            assertEquals(401, none.statusCode(), none.body());
            assertEquals("Basic realm=\"lumen\", charset=\"UTF-8\"", none.headers().firstValue("WWW-Authenticate").orElse(null));
            HttpResponse<String> curator = s.send(s.request(base + "/museum-hours")
                    .header("Authorization", basic("curator", "curator-pw")).GET().build());
            assertEquals("client=null user=curator", curator.body());
            HttpResponse<String> event = s.send(s.request(base + "/special-events/dad4bce8-f5cb-4078-a211-995864315e39")
                    .header("Authorization", bearer("")).GET().build());
            assertEquals(401, event.statusCode(), "a JWT is not what this spec takes: " + event.body());
        }
    }
}
