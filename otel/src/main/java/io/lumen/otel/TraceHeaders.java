package io.lumen.otel;

import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.undertow.util.HeaderMap;
import io.undertow.util.HttpString;

import java.util.ArrayList;
import java.util.List;

/**
 * W3C trace context in and out: the caller's {@code traceparent}/{@code tracestate} request headers
 * become the parent of the request's span (OpenTelemetry's own W3C propagator parses them), and the
 * span's context becomes the {@code traceparent} Lumen forwards downstream.
 */
final class TraceHeaders {
    private static final TextMapGetter<HeaderMap> REQUEST_HEADERS = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(HeaderMap carrier) {
            List<String> names = new ArrayList<>();
            for (HttpString name : carrier.getHeaderNames()) {
                names.add(name.toString());
            }
            return names;
        }

        @Override
        public String get(HeaderMap carrier, String key) {
            return carrier == null ? null : carrier.getFirst(key);
        }
    };

    private TraceHeaders() {
    }

    /** A context holding the caller's span when the headers carry a valid one, else the root context. */
    static Context parent(HeaderMap requestHeaders) {
        return W3CTraceContextPropagator.getInstance().extract(Context.root(), requestHeaders, REQUEST_HEADERS);
    }

    /** {@code 00-<trace id>-<span id>-<flags>}: this span as the parent of what the request calls. */
    static String traceparent(SpanContext span) {
        return new StringBuilder(55).append("00-").append(span.getTraceId()).append('-').append(span.getSpanId())
                .append('-').append(span.getTraceFlags().asHex()).toString();
    }
}
