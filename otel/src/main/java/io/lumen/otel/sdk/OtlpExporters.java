package io.lumen.otel.sdk;

import io.lumen.config.ConfigLoader;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporterBuilder;
import io.opentelemetry.sdk.trace.export.SpanExporter;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;

/**
 * The OTLP/HTTP span exporter of a {@link TracingConfig}. It sends through the JDK's HttpClient
 * (the {@code opentelemetry-exporter-sender-jdk} artifact; OkHttp is left out) and keeps the SDK's
 * default retry policy: up to 5 attempts with exponential backoff for retryable failures, all
 * within {@code exportTimeout}.
 */
final class OtlpExporters {
    private OtlpExporters() {
    }

    static SpanExporter create(TracingConfig config, ConfigLoader files, TracingRuntime.ConfigErrors errors) {
        Duration timeout = Duration.ofMillis(config.exportTimeout());
        byte[] trusted = config.certificate() == null ? null : read(config.certificate(), files, errors);
        try {
            OtlpHttpSpanExporterBuilder b = OtlpHttpSpanExporter.builder()
                    .setEndpoint(config.tracesEndpoint())
                    .setTimeout(timeout)
                    // a collector that does not accept the connection must not hold an export longer than its timeout
                    .setConnectTimeout(timeout)
                    .setCompression(config.compression());
            config.headers().values().forEach(b::addHeader);
            if (trusted != null) {
                b.setTrustedCertificates(trusted);
            }
            return b.build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            // e.g. a certificate file that holds no PEM certificate
            throw errors.error(config.certificate() != null ? "certificate" : "tracesEndpoint",
                    "cannot set up the OTLP exporter: " + e.getMessage());
        }
    }

    private static byte[] read(String file, ConfigLoader files, TracingRuntime.ConfigErrors errors) {
        if (files.locate(file).isEmpty()) {
            throw errors.error("certificate", "file '" + file + "' not found in the config dirs or classpath config/");
        }
        try (InputStream in = files.open(file)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw errors.error("certificate", "cannot read '" + file + "': " + e.getMessage());
        }
    }
}
