package io.lumen.validator;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.testkit.TestService;
import io.lumen.testkit.raw.RawHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an attacker or a strict client sends: numbers beyond double range and beyond double
 * precision, date-times RFC 3339 allows or refuses, repeated single-valued parameters, deepObject
 * keys without a name. Never a 500, never a value that was not validated.
 */
class HostileInputTest {
    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = Fixture.service(dir, "hostile", "openapi.yaml")
                .file("openapi-validator.yml", "validateResponse: enforce\n").start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static HttpResponse<String> post(String contentType, String body) {
        return service.send(service.request("/measures").header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    private static HttpResponse<String> json(String body) {
        return post("application/json", body);
    }

    private static void assertRejected(HttpResponse<String> r, String where) {
        assertEquals(400, r.statusCode(), r.body());
        JsonNode error = Fixture.json(r);
        StringBuilder found = new StringBuilder();
        error.path("errors").forEach(e -> found.append(e.path("location").asText()).append(e.path("pointer").asText()).append(' '));
        assertTrue(found.toString().contains(where), where + " not in " + r.body());
    }

    @Test
    void numbersBeyondDoubleRangeAreNumbersNotServerErrors() {
        assertEquals(200, json("{\"big\": 1e400}").statusCode(), "1e400 is a valid JSON number");
        assertRejected(json("{\"count\": 1e400}"), "body/count");
        assertRejected(json("{\"amount\": 1e400}"), "body/amount");
        assertRejected(json("{\"ratio\": -1e-400}"), "body/ratio");
        assertEquals(200, json("{\"ratio\": 1e-400}").statusCode());
    }

    @Test
    void decimalsAreValidatedExactly() {
        assertEquals(200, json("{\"amount\": 0.01}").statusCode());
        assertEquals(200, json("{\"amount\": 999.99}").statusCode());
        assertRejected(json("{\"amount\": 0.0100000000000000000001}"), "body/amount");
        assertRejected(json("{\"amount\": 1000.0000000000000000001}"), "body/amount");
    }

    @Test
    void dateTimeFollowsRfc3339Strictly() {
        for (String ok : new String[] {"1985-04-12T23:20:50.52Z", "1996-12-19T16:39:57-08:00", "2024-02-29T00:00:00z",
                "1990-12-31T23:59:60Z", "1990-12-31T15:59:60-08:00", "2000-01-01t00:00:00+23:59",
                "2000-01-01T00:00:00-20:00", "2000-01-01T00:00:00.123456789012Z"}) {
            assertEquals(200, json("{\"at\": \"" + ok + "\"}").statusCode(), ok);
        }
        for (String bad : new String[] {"1985-04-12T23:20:50.52Zgarbage", "1985-04-12 23:20:50Z", "1985-04-12T23:20:50",
                "2023-02-29T00:00:00Z", "2000-01-01T24:00:00Z", "2000-01-01T00:60:00Z", "1990-12-31T23:58:60Z",
                "2000-01-01T00:00:00+24:00", "2000-01-01T00:00:00+01", "2000-1-01T00:00:00Z", "2000-01-01T00:00:00.Z",
                "٢٠٠٠-01-01T00:00:00Z", "2000-01-01T00:00:00Z "}) {
            assertRejected(json("{\"at\": \"" + bad + "\"}"), "body/at");
        }
    }

    @Test
    void aRepeatedSingleValuedParameterIsRefusedWhereverItIs() {
        assertEquals(200, service.get("/search?q=a&n=1&tags=x&tags=y&filter[a]=1").statusCode());
        assertRejected(service.get("/search?q=a&q=b"), "query.q");
        assertRejected(service.get("/search?n=1&n=2"), "query.n");
        assertRejected(service.get("/search?filter[a]=1&filter[a]=2"), "query.filter");
        assertRejected(service.send(service.request("/search").header("X-Id", "1").header("X-Id", "2").GET().build()),
                "header.X-Id");
        assertRejected(service.send(service.request("/search").header("Cookie", "session=a; session=b").GET().build()),
                "cookie.session");
        assertRejected(post("application/x-www-form-urlencoded", "name=a&name=b"), "body");
        assertEquals(200, post("application/x-www-form-urlencoded", "name=a&sizes=1&sizes=2").statusCode());
    }

    @Test
    void aDeepObjectKeyWithAnEmptyNameIsCheckedNotDropped() {
        assertRejected(service.get("/search?filter[]=1"), "query.filter");
        assertRejected(service.get("/search?filter[c]=1"), "query.filter");
    }

    @Test
    void aNumberWithAHugeExponentIsRefusedAsUnparsableNotComputedWith() {
        HttpResponse<String> r = json("{\"big\": 1e999999999}");
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("ERR10015") && r.body().contains("1000 digits"), r.body());
    }

    @Test
    void theUnsupportedMediaTypeDescriptionSaysItOnce() {
        HttpResponse<String> r = post("text/csv", "a,b");
        assertEquals(415, r.statusCode(), r.body());
        String description = Fixture.json(r).path("description").asText();
        assertEquals("Content type text/csv is not supported", description);
        assertTrue(Fixture.json(r).path("errors").get(0).path("message").asText().contains("application/json"), r.body());
    }

    @Test
    void responseValidationErrorsCarryAPointerLikeRequestErrors() {
        HttpResponse<String> bad = service.get("/search?respond=%7B%22operation%22%3A%22x%22%2C%22nested%22%3A%7B%22deep%22%3A%22no%22%7D%7D");
        assertEquals(500, bad.statusCode(), bad.body());
        JsonNode errors = Fixture.json(bad).path("errors");
        StringBuilder pointers = new StringBuilder();
        errors.forEach(e -> {
            assertTrue(e.has("pointer"), e.toString());
            pointers.append(e.path("pointer").asText()).append(' ');
        });
        assertTrue(pointers.toString().contains("/nested/deep") && pointers.toString().contains("/operation"), bad.body());
    }

    @Test
    void methodsOfTheSpecAreCaseSensitiveAndAllowListsThemWithHeadAndOptions() throws IOException {
        try (RawHttp c = new RawHttp(service.service().httpPort())) {
            c.send("get /search HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttp.Response r = c.read();
            assertEquals(405, r.status(), r.bodyText());
        }
        HttpResponse<String> put = service.send(service.request("/search").PUT(HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(405, put.statusCode());
        assertEquals("GET, HEAD, OPTIONS", put.headers().firstValue("Allow").orElseThrow());
        HttpResponse<String> options = service.send(service.request("/search").method("OPTIONS", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(204, options.statusCode(), options.body());
        assertEquals("GET, HEAD, OPTIONS", options.headers().firstValue("Allow").orElseThrow());
    }

    @Test
    void echoedInputIsCapped() {
        String huge = "x".repeat(50_000);
        HttpResponse<String> r = service.get("/search?n=" + huge);
        assertEquals(400, r.statusCode());
        assertTrue(r.body().length() < 2_000, "the 400 repeats at most an excerpt: " + r.body().length() + " bytes");
        assertFalse(r.body().contains("x".repeat(1000)));
    }
}
