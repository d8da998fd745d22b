package com.example.shop;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The application's own test: Lumen's chain (validation, correlation) in front of the controller, over real HTTP. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ShopApplicationTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    private HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest.Builder at(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/shop" + path));
    }

    @Test
    void aValidRequestPassesLumensChainAndReachesTheControllerOnUndertow() throws Exception {
        HttpResponse<String> r = send(at("/api/items/7"));
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.body().contains("\"name\":\"item 7\""), r.body());
        assertTrue(r.body().contains("Undertow"), r.body());
        assertTrue(r.headers().firstValue("X-Correlation-Id").isPresent(), r.headers().toString());
    }

    @Test
    void invalidInputIsRefusedByLumenBeforeTheController() throws Exception {
        HttpResponse<String> r = send(at("/api/items/0"));
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("\"code\":\"ERR"), r.body());
        HttpResponse<String> body = send(at("/api/items").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"\"}")));
        assertEquals(400, body.statusCode(), body.body());
    }

    @Test
    void theBodyLumenValidatedReachesRequestBody() throws Exception {
        HttpResponse<String> r = send(at("/api/items").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"lamp\"}")));
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("{\"created\":\"lamp\"}", r.body());
    }
}
