package io.lumen.otel;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.handler.ChainContext;
import io.lumen.handler.Middleware;
import io.lumen.otel.sdk.TracingConfig;
import io.lumen.otel.sdk.TracingRuntime;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;

/**
 * handler.yml {@code tracing} (from lumen-otel): one OpenTelemetry SERVER span per request,
 * exported over OTLP/HTTP to a collector. Configured by {@code tracing.yml} ({@link TracingConfig});
 * off by default, and then dropped from every chain at startup, with no SDK class loaded and no
 * thread started.
 *
 * <p>Put it after {@code correlation}: the span continues the request's W3C trace (the caller's
 * {@code traceparent} is its parent) and then replaces {@code HandlerAttachments.TRACE_ID} and
 * {@code TRACEPARENT} with its own context, so the proxy and the client's header propagation name
 * this span as the parent of what they call, and the sampling decision travels with it. When the
 * request started a new trace, log lines of the rest of the chain carry the span's trace id (MDC
 * {@code tId}). See {@code docs/tracing.md} for the span's name and attributes.
 *
 * <p>Runs on the IO thread and never fails a request: the span ends when the exchange completes,
 * with the status actually sent (errors answered by the {@code exception} middleware or the
 * server's last-resort guard included), on whichever thread completes it.
 */
public final class TracingHandler implements Middleware {
    private static final Logger LOG = LoggerFactory.getLogger(TracingHandler.class);
    private final TracingConfig config;
    private final TracingRuntime runtime;      // null when disabled
    private final SpanNames otherEndpoints;    // null when disabled

    public TracingHandler(ServiceContext context) {
        this(context, context.config().find("tracing"));
    }

    private TracingHandler(ServiceContext context, Optional<ConfigFile> file) {
        this.config = file.map(f -> f.bind(TracingConfig.class))
                .orElseGet(() -> context.config().load("tracing", TracingConfig.class));
        this.runtime = config.enabled()
                ? context.shared(TracingRuntime.class, () -> TracingRuntime.start(config, context.server(),
                        context.config(), (key, problem) -> file.map(f -> (RuntimeException) f.error("/" + key, problem))
                                .orElseGet(() -> new ConfigException("tracing.yml", 0, key, problem))))
                : null;
        this.otherEndpoints = config.enabled() ? new SpanNames() : null;
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        if (runtime == null) {
            throw new IllegalStateException("tracing is disabled and must not be linked"); // the engine drops it
        }
        int self = context.chain().indexOf("tracing");
        int correlation = context.chain().indexOf("correlation");
        if (self >= 0 && correlation > self) {
            LOG.warn("{} {}: tracing runs before correlation, which then replaces the trace context tracing handed on;"
                    + " put tracing after correlation", context.method(), context.path());
        }
        return new TracedRoute(next, runtime.tracer(), context, otherEndpoints);
    }

    /** The bound tracing.yml. */
    public TracingConfig config() {
        return config;
    }

    @Override
    public String toString() {
        return "tracing";
    }
}
