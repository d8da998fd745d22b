package io.lumen.otel;

import io.lumen.config.ConfigException;
import io.lumen.otel.testing.OtlpReceiver;
import io.lumen.otel.testing.Traced;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An https collector verified with the CA certificate named by {@code certificate}, and that key's errors. */
class CollectorTlsTest {
    /** The repository's dev certificate (CN=localhost, SAN 127.0.0.1), relative to the module. */
    static final Path DEV_TLS = Path.of("..", "config", "petstore", "https");

    static final String HANDLER_YML = """
            handlers:
              - io.lumen.otel.testing.Ok@ok
            paths:
              - {path: /ok, method: GET, exec: [correlation, tracing, ok]}
            """;

    @Test
    void spansReachAnHttpsCollectorTrustedThroughTheCertificateFile(@TempDir Path dir) throws IOException {
        Files.copy(DEV_TLS.resolve("server.crt"), dir.resolve("collector-ca.pem"));
        try (OtlpReceiver collector = OtlpReceiver.startHttps(DEV_TLS.resolve("server.keystore"), "password");
             TestService s = Traced.service(dir, "tls", collector.endpoint(), "certificate: collector-ca.pem")
                     .file("handler.yml", HANDLER_YML).start()) {
            assertTrue(collector.endpoint().startsWith("https://127.0.0.1:"), collector.endpoint());
            String trace = Traced.traceId();
            assertEquals(200, TestService.send(Traced.HTTP1, s.request("/ok")
                    .header("traceparent", "00-" + trace + "-" + Traced.spanId() + "-01").GET().build()).statusCode());
            assertEquals("GET /ok", collector.awaitTrace(trace).name());
        }
    }

    @Test
    void aMissingCertificateFileStopsStartup(@TempDir Path dir) {
        ConfigException e = assertThrows(ConfigException.class, () -> Traced.service(dir, "tls", "https://127.0.0.1:1",
                "certificate: nowhere.pem").file("handler.yml", HANDLER_YML).start());
        assertTrue(e.getMessage().contains("tracing.yml:3: certificate: file 'nowhere.pem' not found"), e.getMessage());
    }

    @Test
    void aFileWithoutACertificateStopsStartup(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("garbage.pem"), "not a certificate\n");
        ConfigException e = assertThrows(ConfigException.class, () -> Traced.service(dir, "tls", "https://127.0.0.1:1",
                "certificate: garbage.pem").file("handler.yml", HANDLER_YML).start());
        assertTrue(e.getMessage().contains("tracing.yml:3: certificate: cannot set up the OTLP exporter"), e.getMessage());
    }
}
