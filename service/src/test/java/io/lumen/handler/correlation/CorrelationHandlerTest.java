package io.lumen.handler.correlation;

import io.lumen.handler.observability.Services;
import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;

import static io.lumen.handler.observability.ShowAttachments.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CorrelationHandlerTest {
    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String PARENT = "00f067aa0ba902b7";

    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = Services.in(dir).file("handler.yml", """
                handlers: [io.lumen.handler.observability.ShowAttachments@show]
                paths:
                  - {path: /show, method: GET, exec: [correlation, show]}
                """).start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static HttpResponse<String> get(String... headers) {
        var b = service.request("/show").GET();
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return service.send(b.build());
    }

    @Test
    void aRequestWithoutCorrelationIdGetsAGeneratedOneOnRequestResponseAttachmentAndMdc() {
        HttpResponse<String> r = get();
        String id = r.headers().firstValue("X-Correlation-Id").orElseThrow();
        assertTrue(id.matches("[A-Za-z0-9_-]{22}"), id);
        assertEquals(id, value(r.body(), "cid"));
        assertEquals(id, value(r.body(), "requestHeader"));
        assertEquals(id, value(r.body(), "mdcCid"));
    }

    @Test
    void aSuppliedCorrelationIdIsEchoed() {
        HttpResponse<String> r = get("X-Correlation-Id", "order-42:abc");
        assertEquals("order-42:abc", r.headers().firstValue("X-Correlation-Id").orElseThrow());
        assertEquals("order-42:abc", value(r.body(), "cid"));
    }

    @Test
    void anInvalidCorrelationIdIsReplacedByAGeneratedOne() {
        HttpResponse<String> tooLong = get("X-Correlation-Id", "x".repeat(129));
        String id = tooLong.headers().firstValue("X-Correlation-Id").orElseThrow();
        assertEquals(22, id.length());
        assertEquals(id, value(tooLong.body(), "requestHeader"));
        HttpResponse<String> withSpace = get("X-Correlation-Id", "a b");
        assertEquals(22, withSpace.headers().firstValue("X-Correlation-Id").orElseThrow().length());
    }

    @Test
    void theTraceabilityIdIsEchoedWhenPresent() {
        assertEquals("trace-1", get("X-Traceability-Id", "trace-1").headers().firstValue("X-Traceability-Id").orElseThrow());
        assertTrue(get().headers().firstValue("X-Traceability-Id").isEmpty());
    }

    @Test
    void aValidTraceparentIsContinuedWithANewSpanForDownstream() {
        HttpResponse<String> r = get("traceparent", "00-" + TRACE + "-" + PARENT + "-01");
        assertEquals(TRACE, value(r.body(), "traceId"));
        assertEquals(TRACE, value(r.body(), "mdcTid"));
        String down = value(r.body(), "traceparent");
        assertTrue(down.matches("00-" + TRACE + "-[0-9a-f]{16}-01"), down);
        assertNotEquals(PARENT, down.substring(36, 52));
        assertTrue(r.headers().firstValue("traceparent").isEmpty(), "only the correlation id goes back");
    }

    @Test
    void anAbsentOrInvalidTraceparentStartsANewSampledTrace() {
        for (HttpResponse<String> r : List.of(get(), get("traceparent", "00-" + "0".repeat(32) + "-" + PARENT + "-01"),
                get("traceparent", "garbage"))) {
            String traceId = value(r.body(), "traceId");
            assertTrue(traceId.matches("[0-9a-f]{32}"), traceId);
            assertFalse(traceId.equals("0".repeat(32)));
            assertTrue(value(r.body(), "traceparent").matches("00-" + traceId + "-[0-9a-f]{16}-01"));
        }
        assertNotEquals(value(get().body(), "traceId"), value(get().body(), "traceId"));
    }
}
