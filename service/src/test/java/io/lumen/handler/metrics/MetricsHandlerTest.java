package io.lumen.handler.metrics;

import io.lumen.handler.observability.Services;
import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MetricsHandlerTest {
    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = Services.in(dir).value("server.serviceId", "metrics-test").file("handler.yml", """
                handlers:
                  - io.lumen.handler.observability.Ok@ok
                  - io.lumen.handler.observability.Throwing@boom
                  - io.lumen.handler.observability.SetEndpoint@spec
                paths:
                  - {path: /v1/x, method: GET, exec: [exception, metrics, ok]}
                  - {path: /v1/boom, method: GET, exec: [exception, metrics, boom]}
                  - {path: '/items/{id}', method: GET, exec: [metrics, ok]}
                  - {path: /v1/spec, method: GET, exec: [metrics, spec, ok]}
                  - {path: /prometheus, method: GET, exec: [prometheus]}
                """).start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    /** The request count of the series with all of {@code labels}, or 0 when there is none; fails on several. */
    static double count(String scrape, String... labels) {
        List<String> hits = new ArrayList<>();
        for (String line : scrape.split("\n")) {
            if (!line.startsWith("lumen_requests_seconds_count{")) {
                continue;
            }
            boolean all = true;
            for (String l : labels) {
                all &= line.contains(l);
            }
            if (all) {
                hits.add(line);
            }
        }
        assertTrue(hits.size() <= 1, "several series: " + hits);
        return hits.isEmpty() ? 0 : Double.parseDouble(hits.get(0).substring(hits.get(0).lastIndexOf(' ') + 1));
    }

    static String scrape() {
        HttpResponse<String> r = service.get("/prometheus");
        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith("text/plain; version=0.0.4"));
        return r.body();
    }

    @Test
    void countsRequestsPerEndpointByStatusClass() {
        for (int i = 0; i < 3; i++) {
            assertEquals(200, service.get("/v1/x").statusCode());
        }
        assertEquals(404, service.get("/v1/x?status=404").statusCode());
        String s = scrape();
        assertEquals(3, count(s, "endpoint=\"/v1/x@get\"", "method=\"GET\"", "status=\"2xx\""));
        assertEquals(1, count(s, "endpoint=\"/v1/x@get\"", "status=\"4xx\""));
        assertTrue(s.contains("service=\"metrics-test\""), "serviceIdTag adds the service tag");
    }

    @Test
    void anExceptionAnsweredByTheExceptionMiddlewareCountsAs5xx() {
        assertEquals(500, service.get("/v1/boom").statusCode());
        assertEquals(500, service.get("/v1/boom").statusCode());
        assertEquals(2, count(scrape(), "endpoint=\"/v1/boom@get\"", "status=\"5xx\""));
    }

    @Test
    void theEndpointLabelIsTheTemplateNotTheRawPath() {
        service.get("/items/1");
        service.get("/items/2");
        String s = scrape();
        assertEquals(2, count(s, "endpoint=\"/items/{id}@get\"", "status=\"2xx\""));
        assertTrue(!s.contains("/items/1"), "raw paths never become labels");
    }

    @Test
    void anEndpointAttachedByALaterHandlerWins() {
        service.get("/v1/spec");
        String s = scrape();
        assertEquals(1, count(s, "endpoint=\"/v1/spec/{op}@get\"", "status=\"2xx\""));
        assertEquals(0, count(s, "endpoint=\"/v1/spec@get\""));
    }

    @Test
    void latencyHistogramBucketsAndJvmMetricsArePublished() {
        service.get("/v1/x");
        String s = scrape();
        assertTrue(s.contains("lumen_requests_seconds_bucket{endpoint=\"/v1/x@get\""), "histogram buckets");
        assertTrue(s.contains("le=\"0.01\""), "10 ms bucket");
        assertTrue(s.contains("jvm_memory_used_bytes"), "JVM memory");
        assertTrue(s.contains("jvm_threads_live_threads"), "threads");
        assertTrue(s.contains("process_uptime_seconds"), "uptime");
    }
}
