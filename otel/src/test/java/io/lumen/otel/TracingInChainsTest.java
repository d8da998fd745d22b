package io.lumen.otel;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.lumen.handler.router.Route;
import io.lumen.otel.sdk.TracingRuntime;
import io.lumen.otel.testing.Services;
import io.lumen.otel.testing.ShowTrace;
import io.lumen.otel.testing.Traced;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Off by default, and then the chain is exactly what it would be without tracing in handler.yml; on, where it goes. */
class TracingInChainsTest {
    static final String HANDLER_YML = """
            handlers:
              - io.lumen.otel.testing.ShowTrace@show
            paths:
              - {path: /show, method: GET, exec: [correlation, tracing, show]}
            """;

    static String chainOf(TestService s, String path) {
        for (Route r : s.service().router().router().routes()) {
            if (r.template().text().equals(path)) {
                return r.handler().toString();
            }
        }
        throw new AssertionError("no route " + path);
    }

    @Test
    void withoutTracingYmlTheMiddlewareIsDroppedFromTheChain(@TempDir Path dir) {
        try (TestService s = Services.in(dir).file("handler.yml", HANDLER_YML).start()) {
            assertFalse(chainOf(s, "/show").contains("tracing"), chainOf(s, "/show"));
            assertTrue(chainOf(s, "/show").startsWith("correlation -> "), chainOf(s, "/show"));
            // asking for the runtime calls the factory only when none was made
            AtomicBoolean absent = new AtomicBoolean();
            assertThrows(IllegalStateException.class, () -> s.service().context().shared(
                    TracingRuntime.class, () -> {
                        absent.set(true);
                        throw new IllegalStateException("no runtime");
                    }));
            assertTrue(absent.get(), "no tracer provider, exporter or thread was made");
            // the correlation middleware's trace context is left as it made it
            String trace = Traced.traceId();
            HttpResponse<String> r = TestService.send(Traced.HTTP1, s.request("/show")
                    .header("traceparent", "00-" + trace + "-" + Traced.spanId() + "-01").GET().build());
            assertEquals(trace, ShowTrace.value(r.body(), "traceId"));
        }
    }

    @Test
    void enabledFalseDropsItToo(@TempDir Path dir) {
        try (TestService s = Services.in(dir).file("handler.yml", HANDLER_YML)
                .file("tracing.yml", "enabled: ${otel.enabled:false}\nendpoint: http://127.0.0.1:1\n").start()) {
            assertFalse(chainOf(s, "/show").contains("tracing"), chainOf(s, "/show"));
        }
    }

    @Test
    void tracingBeforeCorrelationIsReportedAtStartup(@TempDir Path dir) {
        Logger log = (Logger) LoggerFactory.getLogger(TracingHandler.class);
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        log.addAppender(logged);
        try (TestService s = Services.in(dir).file("handler.yml", HANDLER_YML.replace("[correlation, tracing, show]",
                "[tracing, correlation, show]")).file("tracing.yml", "enabled: true\nendpoint: http://127.0.0.1:1\nexportTimeout: 100\n")
                .start()) {
            assertTrue(logged.list.stream().anyMatch(e -> e.getFormattedMessage()
                    .equals("GET /show: tracing runs before correlation, which then replaces the trace context tracing"
                            + " handed on; put tracing after correlation")), logged.list.toString());
        } finally {
            log.detachAppender(logged);
        }
    }

    @Test
    void aPlaceholderTurnsItOn(@TempDir Path dir) {
        try (TestService s = Services.in(dir).file("handler.yml", HANDLER_YML).value("otel.enabled", true)
                .file("tracing.yml", "enabled: ${otel.enabled:false}\nendpoint: http://127.0.0.1:1\nexportTimeout: 100\n")
                .start()) {
            assertTrue(chainOf(s, "/show").startsWith("correlation -> tracing -> "), chainOf(s, "/show"));
        }
    }
}
