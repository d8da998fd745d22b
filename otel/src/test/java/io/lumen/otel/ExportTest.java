package io.lumen.otel;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.lumen.otel.sdk.SdkLogBudgets;
import io.lumen.otel.testing.OtlpReceiver;
import io.lumen.otel.testing.Traced;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What reaches the collector and how: headers, resource, compression, flushing at stop, and collectors that fail. */
class ExportTest {
    static final String HANDLER_YML = """
            handlers:
              - io.lumen.otel.testing.Ok@ok
            paths:
              - {path: /ok, method: GET, exec: [correlation, tracing, ok]}
            """;

    static HttpRequest traced(TestService s, String trace) {
        return s.request("/ok").header("traceparent", "00-" + trace + "-" + Traced.spanId() + "-01").GET().build();
    }

    @Test
    void headersResourceAndCompressionAreSentAsConfigured(@TempDir Path dir) {
        try (OtlpReceiver collector = OtlpReceiver.start();
             TestService s = Traced.service(dir, "svc-id", collector.endpoint(), """
                     headers: 'Authorization=Bearer abc+/=,X-Tenant=pets%20team'
                     compression: gzip
                     serviceName: orders
                     resourceAttributes: {team: pets, service.version: 1.2.3}
                     """).file("handler.yml", HANDLER_YML).start()) {
            String trace = Traced.traceId();
            assertEquals(200, TestService.send(Traced.HTTP1, traced(s, trace)).statusCode());
            OtlpReceiver.Received r = collector.awaitTrace(trace);
            assertEquals(List.of("Bearer abc+/="), r.requestHeaders().get("Authorization"));
            assertEquals(List.of("pets team"), r.requestHeaders().get("X-tenant"));
            assertEquals(List.of("gzip"), r.requestHeaders().get("Content-encoding"));
            assertEquals(List.of("application/x-protobuf"), r.requestHeaders().get("Content-type"));
            assertEquals("orders", r.resourceAttribute("service.name"), "serviceName wins over serviceId");
            assertEquals("pets", r.resourceAttribute("team"));
            assertEquals("1.2.3", r.resourceAttribute("service.version"));
            assertEquals("dev", r.resourceAttribute("deployment.environment.name"));
            assertEquals(36, r.resourceAttribute("service.instance.id").length());
            assertEquals("java", r.resourceAttribute("telemetry.sdk.language"));
        }
    }

    @Test
    void stoppingTheServiceExportsTheSpansStillQueued(@TempDir Path dir) {
        try (OtlpReceiver collector = OtlpReceiver.start()) {
            // no export would happen for a minute or before 512 spans
            TestService s = Traced.service(dir, "flush", collector.endpoint(), """
                    scheduleDelay: 60000
                    maxExportBatchSize: 512
                    """).file("handler.yml", HANDLER_YML).start();
            String trace = Traced.traceId();
            for (int i = 0; i < 3; i++) {
                assertEquals(200, TestService.send(Traced.HTTP1, traced(s, trace)).statusCode());
            }
            assertEquals(0, collector.requests(), "nothing exported yet");
            s.close();
            assertEquals(3, collector.trace(trace).size(), "the stop flushed the queue before returning");
        }
    }

    @Test
    void aCollectorThatHangsCostsRequestsNothing(@TempDir Path dir) {
        try (OtlpReceiver collector = OtlpReceiver.start()) {
            collector.hold();
            // an export waits up to 30 s for the hung collector; the queue holds 8 spans, then drops
            TestService s = Traced.service(dir, "hung", collector.endpoint(), """
                    exportTimeout: 30000
                    maxQueueSize: 8
                    maxExportBatchSize: 4
                    scheduleDelay: 10
                    """).file("handler.yml", HANDLER_YML).start();
            try {
                String trace = Traced.traceId();
                // were a request to wait for an export (or a free queue slot), it would take 30 s
                assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
                    for (int i = 0; i < 300; i++) {
                        assertEquals(200, TestService.send(Traced.HTTP1, traced(s, trace)).statusCode());
                    }
                });
                assertTrue(collector.spans().isEmpty());
            } finally {
                collector.release();
                s.close();
            }
            assertTrue(collector.spans().size() < 300, "spans beyond the queue were dropped, not waited for");
        }
    }

    @Test
    void aCollectorThatIsDownCostsSpansAndARateLimitedLogLine(@TempDir Path dir) throws IOException {
        SdkLogBudgets.reset(); // other tests of this JVM may have spent this minute's lines
        Logger otel = (Logger) LoggerFactory.getLogger("io.opentelemetry");
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        otel.addAppender(logged);
        AtomicInteger attempts = new AtomicInteger();
        // accepts each connection and closes it at once: every export attempt fails
        try (ServerSocket down = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                while (!down.isClosed()) {
                    try {
                        Socket accepted = down.accept();
                        attempts.incrementAndGet();
                        accepted.close();
                    } catch (IOException closed) {
                        return;
                    }
                }
            }, "down-collector");
            acceptor.setDaemon(true);
            acceptor.start();
            TestService s = Traced.service(dir, "down", "http://127.0.0.1:" + down.getLocalPort(), """
                    exportTimeout: 200
                    maxQueueSize: 16
                    maxExportBatchSize: 2
                    scheduleDelay: 5
                    """).file("handler.yml", HANDLER_YML).start();
            try {
                String trace = Traced.traceId();
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                // keep requests coming until the exporter failed many times
                while (attempts.get() < 20 && System.nanoTime() < deadline) {
                    assertEquals(200, TestService.send(Traced.HTTP1, traced(s, trace)).statusCode());
                }
                assertTrue(attempts.get() >= 20, "export attempts: " + attempts.get());
            } finally {
                s.close();
                otel.detachAppender(logged);
            }
        }
        List<ILoggingEvent> failures = logged.list.stream()
                .filter(e -> e.getFormattedMessage().contains("Failed to export")).toList();
        assertFalse(failures.isEmpty(), "the failure is logged");
        // the SDK's throttling: 5 a minute, then one line saying it throttles (and one a minute after)
        assertTrue(failures.size() <= 6, failures.size() + " lines for " + attempts.get() + " failed attempts");
        for (ILoggingEvent e : failures) {
            assertFalse(e.getFormattedMessage().contains("\n"), "one line: " + e.getFormattedMessage());
            assertEquals(null, e.getThrowableProxy(), "no stack trace unless DEBUG");
        }
        long drops = logged.list.stream().filter(e -> e.getFormattedMessage().contains("dropped")).count();
        assertTrue(drops >= 1 && drops <= 6, drops + " lines about dropped spans");
    }
}
