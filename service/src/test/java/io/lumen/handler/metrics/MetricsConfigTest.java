package io.lumen.handler.metrics;

import io.lumen.handler.observability.Services;
import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MetricsConfigTest {
    @TempDir
    Path dir;

    @Test
    void disabledMetricsRecordNothingWithoutHistogramOrServiceTagsWhenOff() {
        try (TestService s = Services.in(dir).file("metrics.yml", "enabled: false\nhistogram: false\nserviceIdTag: false\n")
                .file("handler.yml", """
                        handlers: [io.lumen.handler.observability.Ok@ok]
                        paths:
                          - {path: /v1/x, method: GET, exec: [metrics, ok]}
                          - {path: /prometheus, method: GET, exec: [prometheus]}
                        """).start()) {
            assertEquals(200, s.get("/v1/x").statusCode());
            String scrape = s.get("/prometheus").body();
            assertFalse(scrape.contains("lumen_requests"), scrape);
            assertFalse(scrape.contains("service=\""));
            assertTrue(scrape.contains("jvm_memory_used_bytes"));
        }
    }

    @Test
    void prometheusAnswers405ToOtherMethods() {
        try (TestService s = Services.in(dir).file("handler.yml", """
                paths:
                  - {path: /prometheus, method: POST, exec: [prometheus]}
                """).start()) {
            var r = s.send(s.request("/prometheus").POST(HttpRequest.BodyPublishers.noBody()).build());
            assertEquals(405, r.statusCode());
            assertTrue(r.body().contains("ERR10008"));
        }
    }
}
