package io.lumen.handler.correlation;

import io.lumen.handler.observability.Services;
import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.lumen.handler.observability.ShowAttachments.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CorrelationConfigTest {
    @TempDir
    Path dir;

    @Test
    void withoutAutogenAnInvalidIdIsDroppedAndNoneIsGenerated() {
        try (TestService s = Services.in(dir)
                .file("correlation.yml", "autogenCorrelationID: false\ncorrelationHeader: X-Request-Id\ntraceContext: false\n")
                .file("handler.yml", """
                        handlers: [io.lumen.handler.observability.ShowAttachments@show]
                        paths:
                          - {path: /show, method: GET, exec: [correlation, show]}
                        """).start()) {
            var none = s.send(s.request("/show").GET().build());
            assertTrue(none.headers().firstValue("X-Request-Id").isEmpty());
            assertEquals("null", value(none.body(), "cid"));
            assertEquals("null", value(none.body(), "traceId"));
            var bad = s.send(s.request("/show").header("X-Request-Id", "a b").GET().build());
            assertTrue(bad.headers().firstValue("X-Request-Id").isEmpty());
            var good = s.send(s.request("/show").header("X-Request-Id", "r-1").GET().build());
            assertEquals("r-1", good.headers().firstValue("X-Request-Id").orElseThrow());
        }
    }
}
