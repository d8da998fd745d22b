package io.lumen.otel;

import io.lumen.otel.testing.OtlpReceiver;
import io.lumen.otel.testing.ShowTrace;
import io.lumen.otel.testing.Traced;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A caller -> a Lumen proxy (correlation, tracing, proxy) -> a Lumen backend (correlation, tracing):
 * one trace of two SERVER spans, the proxy's the parent of the backend's, as the collector sees it.
 */
class ProxyPropagationTest {
    @Test
    void theProxyForwardsItsOwnSpanAsTheBackendsParent(@TempDir Path dir) throws IOException {
        Path back = Files.createDirectories(dir.resolve("back"));
        Path front = Files.createDirectories(dir.resolve("front"));
        try (OtlpReceiver collector = OtlpReceiver.start();
             TestService backend = Traced.service(back, "backend", collector.endpoint(), "").file("handler.yml", """
                     handlers:
                       - io.lumen.otel.testing.ShowTrace@show
                     paths:
                       - {path: '/pets/{id}', method: GET, exec: [correlation, tracing, show]}
                     """).start();
             TestService proxy = Traced.service(front, "gateway", collector.endpoint(), "")
                     .value("proxy.hosts", backend.service().httpUri().orElseThrow().toString())
                     .file("proxy.yml", "hosts: ${proxy.hosts}\n")
                     .file("handler.yml", """
                             handlers:
                               - io.lumen.proxy.ProxyHandler@proxy
                             paths:
                               - {path: '/*', method: GET, exec: [correlation, tracing, proxy]}
                             """).start()) {
            String trace = Traced.traceId();
            String caller = Traced.spanId();
            HttpResponse<String> r = TestService.send(Traced.HTTP1, proxy.request("/pets/1")
                    .header("traceparent", "00-" + trace + "-" + caller + "-01").GET().build());
            assertEquals(200, r.statusCode(), r.body());

            collector.await(s -> collector.trace(trace).size() == 2, Duration.ofSeconds(10));
            OtlpReceiver.Received gateway = collector.await(s -> s.traceId().equals(trace)
                    && "gateway".equals(s.resourceAttribute("service.name")), Duration.ofSeconds(1));
            OtlpReceiver.Received pets = collector.await(s -> s.traceId().equals(trace)
                    && "backend".equals(s.resourceAttribute("service.name")), Duration.ofSeconds(1));
            assertEquals(caller, gateway.parentSpanId());
            assertEquals("GET /*", gateway.name());
            assertEquals(gateway.spanId(), pets.parentSpanId(), "the backend's span is the proxy span's child");
            assertEquals("GET /pets/{id}", pets.name());
            assertEquals("00-" + trace + "-" + gateway.spanId() + "-01", ShowTrace.value(r.body(), "header"),
                    "the traceparent the backend received");
        }
    }
}
