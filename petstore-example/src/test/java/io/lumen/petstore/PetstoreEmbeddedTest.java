package io.lumen.petstore;

import io.lumen.testkit.LumenTest;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** config/petstore/embedded: the full cross-cutting chain and the admin endpoints, over real HTTP. */
@LumenTest(config = "../config/petstore/embedded")
class PetstoreEmbeddedTest {
    private final HttpClient client = HttpClient.newHttpClient();

    private HttpResponse<String> send(HttpRequest request) throws Exception {
        return client.send(request, HttpResponse.BodyHandlers.ofString());
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
