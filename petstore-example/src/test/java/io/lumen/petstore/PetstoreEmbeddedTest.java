package io.lumen.petstore;

import io.lumen.config.ConfigLoader;
import io.lumen.security.tool.DevTokens;
import io.lumen.security.tool.Pem;
import io.lumen.service.LumenService;
import io.lumen.testkit.LumenTest;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * config/petstore/embedded: the full cross-cutting chain and the admin endpoints, over real HTTP. Business
 * calls carry a token minted here with the folder's dev-only key (kid petstore-dev-1).
 */
@LumenTest(config = "../config/petstore/embedded")
class PetstoreEmbeddedTest {
    private static String token;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeAll
    static void mintToken() throws Exception {
        token = mint(3600);
    }

    static String mint(long ttlSeconds) throws Exception {
        return mint(ttlSeconds, "read:pets write:pets");
    }

    static String mint(long ttlSeconds, String scope) throws Exception {
        var key = Pem.privateKey(Files.readString(Path.of("../config/petstore/embedded/dev-only/petstore-dev-1.key.pem")));
        JwtClaims claims = new JwtClaims();
        claims.setIssuer("https://lumen.dev/issuer");
        claims.setAudience("petstore");
        claims.setSubject("tester");
        claims.setClaim("client_id", "petstore-test");
        claims.setClaim("scope", scope);
        long now = Instant.now().getEpochSecond();
        claims.setIssuedAt(NumericDate.fromSeconds(now));
        claims.setExpirationTime(NumericDate.fromSeconds(now + ttlSeconds));
        return DevTokens.sign(key, "petstore-dev-1", claims);
    }

    /** Sends with the minted token unless the request already has an Authorization header. */
    private HttpResponse<String> send(HttpRequest request) throws Exception {
        if (request.headers().firstValue("Authorization").isEmpty()) {
            request = HttpRequest.newBuilder(request, (n, v) -> true).header("Authorization", "Bearer " + token).build();
        }
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> sendWithoutToken(HttpRequest request) throws Exception {
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theGeneratedTypedPetstoreRunsBehindTheFullChainOnTheIoThread(LumenService service) {
        GeneratedRoutes.assertGenerated(service, GeneratedRoutes.FULL_CHAIN, false);
    }

    @Test
    void withOtelEnabledTracingJoinsTheGeneratedChainAfterCorrelation() {
        // no request is sent, so nothing is exported to the (absent) collector
        var config = ConfigLoader.builder().configDirs(List.of(Path.of("../config/petstore/embedded")))
                .overrides(Map.of("otel.enabled", true, "otel.exporter.otlp.endpoint", "http://127.0.0.1:9"))
                .env(k -> null).build();
        try (var traced = LumenService.start(config, s -> s.withPorts(0, 0))) {
            var chain = new ArrayList<>(GeneratedRoutes.FULL_CHAIN);
            chain.add(chain.indexOf("correlation") + 1, "tracing");
            GeneratedRoutes.assertGenerated(traced, chain, false);
        }
    }

    @Test
    void changingLogLevelsNeedsATokenWithTheAdminScope(URI base) throws Exception {
        HttpRequest.Builder post = HttpRequest.newBuilder(base.resolve("/adm/logger")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("[{\"name\":\"audit\",\"level\":\"OFF\"}]"));
        HttpResponse<String> anonymous = sendWithoutToken(post.copy().build());
        assertEquals(401, anonymous.statusCode(), anonymous.body());
        HttpResponse<String> client = send(post.copy().build()); // read:pets write:pets
        assertEquals(403, client.statusCode(), client.body());
        assertTrue(client.body().contains("\"code\":\"ERR10005\""), client.body());
        assertEquals(200, send(HttpRequest.newBuilder(base.resolve("/adm/logger")).build()).statusCode(), "reading is open");
        HttpResponse<String> admin = send(post.copy().header("Authorization", "Bearer " + mint(60, "admin"))
                .POST(HttpRequest.BodyPublishers.ofString("[{\"name\":\"io.lumen.petstore.test\",\"level\":\"DEBUG\"}]")).build());
        assertEquals(200, admin.statusCode(), "an admin token from the local host may: " + admin.body());
    }

    @Test
    void reloadingTheConfigurationNeedsATokenWithTheAdminScope(URI base) throws Exception {
        HttpRequest.Builder post = HttpRequest.newBuilder(base.resolve("/adm/reload")).POST(HttpRequest.BodyPublishers.noBody());
        HttpResponse<String> anonymous = sendWithoutToken(post.copy().build());
        assertEquals(401, anonymous.statusCode(), anonymous.body());
        HttpResponse<String> client = send(post.copy().build()); // read:pets write:pets
        assertEquals(403, client.statusCode(), client.body());
        assertTrue(client.body().contains("\"code\":\"ERR10005\""), client.body());
        HttpResponse<String> admin = send(post.copy().header("Authorization", "Bearer " + mint(60, "admin")).build());
        assertEquals(200, admin.statusCode(), "an admin token from the local host may: " + admin.body());
        assertTrue(admin.body().contains("\"generation\":"), admin.body());
        assertEquals(200, send(HttpRequest.newBuilder(base.resolve("/v1/pets")).build()).statusCode(),
                "the reloaded generation serves");
    }

    @Test
    void businessRequestsWithoutATokenAre401AndAdminEndpointsNeedNone(URI base) throws Exception {
        HttpResponse<String> r = sendWithoutToken(HttpRequest.newBuilder(base.resolve("/v1/pets")).build());
        assertEquals(401, r.statusCode());
        assertTrue(r.body().contains("\"code\":\"ERR10002\""), r.body());
        assertEquals("Bearer", r.headers().firstValue("WWW-Authenticate").orElseThrow());
        HttpResponse<String> foreign = sendWithoutToken(HttpRequest.newBuilder(base.resolve("/v1/pets"))
                .header("Authorization", "Bearer eyJhbGciOiJub25lIn0.e30.").build());
        assertEquals(401, foreign.statusCode());
        HttpResponse<String> expired = sendWithoutToken(HttpRequest.newBuilder(base.resolve("/v1/pets"))
                .header("Authorization", "Bearer " + mint(-120)).build());
        assertEquals(401, expired.statusCode());
        assertTrue(expired.body().contains("\"code\":\"ERR10001\""), expired.body());
        assertEquals(200, sendWithoutToken(HttpRequest.newBuilder(base.resolve("/health")).build()).statusCode());
        assertEquals(200, sendWithoutToken(HttpRequest.newBuilder(base.resolve("/prometheus")).build()).statusCode());
    }

    @Test
    void businessRequestsRunTheWholeChain(URI base) throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(base.resolve("/v1/pets?limit=2")) // other tests add pets
                .header("X-Correlation-Id", "test-cid-1").header("Origin", "https://petstore.example").build());
        assertEquals(200, r.statusCode());
        assertEquals(PetstoreHttpTest.REFERENCE, r.body());
        assertEquals("test-cid-1", r.headers().firstValue("X-Correlation-Id").orElseThrow());
        assertEquals("https://petstore.example", r.headers().firstValue("Access-Control-Allow-Origin").orElseThrow());
        assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElseThrow());
    }

    @Test
    void corsPreflightIsAnsweredForTheAllowedOriginOnly(URI base) throws Exception {
        HttpResponse<String> ok = send(HttpRequest.newBuilder(base.resolve("/v1/pets/1"))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "https://petstore.example").header("Access-Control-Request-Method", "DELETE").build());
        assertEquals(204, ok.statusCode());
        assertTrue(ok.headers().firstValue("Access-Control-Allow-Methods").orElseThrow().contains("DELETE"));
        HttpResponse<String> denied = send(HttpRequest.newBuilder(base.resolve("/v1/pets"))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "https://evil.example").header("Access-Control-Request-Method", "GET").build());
        assertEquals(403, denied.statusCode());
        assertFalse(denied.headers().firstValue("Access-Control-Allow-Origin").isPresent());
    }

    @Test
    void malformedJsonIsRejectedByTheBodyMiddleware(URI base) throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(base.resolve("/v1/pets"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"id\": 5,")).build());
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("\"code\":\"ERR10015\""), r.body());
        HttpResponse<String> created = send(HttpRequest.newBuilder(base.resolve("/v1/pets"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"id\":501,\"name\":\"b\"}")).build());
        assertEquals(201, created.statusCode());
    }

    @Test
    void adminEndpointsAnswer(URI base) throws Exception {
        assertEquals("OK", send(HttpRequest.newBuilder(base.resolve("/health")).build()).body());
        assertEquals(200, send(HttpRequest.newBuilder(base.resolve("/health/readiness")).build()).statusCode());
        assertEquals(200, send(HttpRequest.newBuilder(base.resolve("/health/liveness")).build()).statusCode());
        send(HttpRequest.newBuilder(base.resolve("/v1/pets/1")).build());
        String metrics = send(HttpRequest.newBuilder(base.resolve("/prometheus")).build()).body();
        assertTrue(metrics.contains("endpoint=\"/v1/pets/{petId}@get\""), metrics);
        String info = send(HttpRequest.newBuilder(base.resolve("/adm/server/info")).build()).body();
        assertTrue(info.contains("\"serviceId\":\"io.lumen.petstore-1.0.0\""), info);
        assertTrue(info.contains("\"keystorePass\":\"****\""), info);
        assertFalse(info.contains("\"password\""), info);
    }
}
