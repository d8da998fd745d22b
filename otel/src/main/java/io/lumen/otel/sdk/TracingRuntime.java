package io.lumen.otel.sdk;

import io.lumen.config.ConfigLoader;
import io.lumen.server.ServerConfig;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;

/**
 * The OpenTelemetry SDK of one service: a tracer provider with the configured sampler and the
 * service's resource, and a batch span processor that feeds the OTLP/HTTP exporter.
 *
 * <p>Threading: ending a span only offers it to the processor's bounded lock-free queue (a full
 * queue drops it); batching and exports run on the processor's daemon thread and the exporter's
 * HTTP threads, never on a request's thread, so a slow or absent collector costs requests nothing
 * but their spans. Export failures are logged by the SDK, rate-limited, through SLF4J.
 *
 * <p>Made once per service when tracing is enabled and shared through
 * {@code ServiceContext.shared}, so the service closes it at stop: {@link #close()} exports what is
 * still queued, waiting at most {@code exportTimeout}. Thread-safe.
 */
public final class TracingRuntime implements AutoCloseable {
    /** The instrumentation scope of Lumen's spans. */
    public static final String SCOPE = "io.lumen.otel";
    private static final Logger LOG = LoggerFactory.getLogger(TracingRuntime.class);

    private final SdkTracerProvider provider;
    private final Tracer tracer;
    private final long closeTimeoutMillis;
    private final String endpoint;

    private TracingRuntime(SdkTracerProvider provider, long closeTimeoutMillis, String endpoint) {
        this.provider = provider;
        String version = TracingRuntime.class.getPackage().getImplementationVersion();
        this.tracer = provider.tracerBuilder(SCOPE).setInstrumentationVersion(version == null ? "dev" : version).build();
        this.closeTimeoutMillis = closeTimeoutMillis;
        this.endpoint = endpoint;
    }

    /**
     * Starts the exporter and the processor thread for an enabled {@code config}.
     *
     * @param files  finds {@code certificate} (config dirs, then classpath)
     * @param errors turns a problem with one key ({@code certificate}) into the exception to throw,
     *               e.g. a {@code ConfigException} naming tracing.yml's line
     */
    public static TracingRuntime start(TracingConfig config, ServerConfig server, ConfigLoader files,
                                       ConfigErrors errors) {
        SdkLogBridge.install();
        SpanExporter exporter = OtlpExporters.create(config, files, errors);
        BatchSpanProcessor processor = BatchSpanProcessor.builder(exporter)
                .setScheduleDelay(config.scheduleDelay(), TimeUnit.MILLISECONDS)
                .setMaxQueueSize(config.maxQueueSize())
                .setMaxExportBatchSize(config.maxExportBatchSize())
                .setExporterTimeout(config.exportTimeout(), TimeUnit.MILLISECONDS)
                .build();
        SdkTracerProvider provider = SdkTracerProvider.builder()
                .setResource(ServiceResource.of(config, server))
                .setSampler(Samplers.of(config))
                .addSpanProcessor(processor)
                .build();
        LOG.info("tracing: OTLP {} to {}, sampler {}{}, batches of {} every {} ms", config.protocol(),
                config.tracesEndpoint(), config.sampler(),
                config.sampler().endsWith("traceidratio") ? " " + config.samplerRatio() : "",
                config.maxExportBatchSize(), config.scheduleDelay());
        return new TracingRuntime(provider, config.exportTimeout(), config.tracesEndpoint());
    }

    /** The tracer of {@link #SCOPE}; its spans go to the exporter. */
    public Tracer tracer() {
        return tracer;
    }

    /** Exports the spans still queued (waiting at most {@code exportTimeout}), then stops the exporter; idempotent. */
    @Override
    public void close() {
        CompletableResultCode done = provider.shutdown().join(closeTimeoutMillis, TimeUnit.MILLISECONDS);
        if (!done.isDone()) {
            LOG.warn("tracing: the last spans were not exported to {} within {} ms; they are dropped", endpoint,
                    closeTimeoutMillis);
        } else if (!done.isSuccess()) {
            LOG.warn("tracing: the last spans could not be exported to {}", endpoint);
        }
    }

    @Override
    public String toString() {
        return "tracing runtime -> " + endpoint;
    }

    /** Makes the exception for a bad value of one tracing.yml key. */
    @FunctionalInterface
    public interface ConfigErrors {
        /** The exception for {@code problem} with the value of {@code key}. */
        RuntimeException error(String key, String problem);
    }
}
