package io.lumen.otel;

import io.lumen.handler.ChainContext;
import io.lumen.handler.HandlerAttachments;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.semconv.ClientAttributes;
import io.opentelemetry.semconv.HttpAttributes;
import io.opentelemetry.semconv.NetworkAttributes;
import io.opentelemetry.semconv.ServerAttributes;
import io.opentelemetry.semconv.UrlAttributes;
import io.opentelemetry.semconv.UserAgentAttributes;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.Protocols;
import org.slf4j.MDC;

import java.net.InetSocketAddress;

/**
 * The tracing link of one route: starts the request's SERVER span, hands its context to the rest
 * of the chain (attachments, MDC) and, when the span is recorded, ends it at exchange completion
 * through a {@link ServerSpan}. Span names per method and the route template are resolved here at
 * startup. Runs on the IO thread.
 */
final class TracedRoute implements HttpHandler {
    /** The MDC key of the trace id, the one the correlation middleware uses. */
    static final String MDC_TRACE_ID = "tId";

    private final HttpHandler next;
    private final Tracer tracer;
    private final String route;          // null on the default handlers, which have no route
    private final String ownEndpoint;
    private final String[] names;        // span name by HttpMethods index
    private final SpanNames otherEndpoints;

    TracedRoute(HttpHandler next, Tracer tracer, ChainContext context, SpanNames otherEndpoints) {
        this.next = next;
        this.tracer = tracer;
        this.route = "*".equals(context.path()) ? null : context.path();
        this.ownEndpoint = context.endpoint();
        this.names = HttpMethods.names(route);
        this.otherEndpoints = otherEndpoints;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        int method = HttpMethods.index(exchange.getRequestMethod());
        // What the SDK's sampler may look at goes on the builder; the rest only on recorded spans.
        SpanBuilder builder = tracer.spanBuilder(names[method])
                .setParent(TraceHeaders.parent(exchange.getRequestHeaders()))
                .setSpanKind(SpanKind.SERVER)
                .setAttribute(HttpAttributes.HTTP_REQUEST_METHOD, HttpMethods.ATTRIBUTE[method])
                .setAttribute(UrlAttributes.URL_PATH, exchange.getRequestPath())
                .setAttribute(UrlAttributes.URL_SCHEME, exchange.getRequestScheme())
                .setAttribute(ServerAttributes.SERVER_ADDRESS, exchange.getHostName())
                .setAttribute(ServerAttributes.SERVER_PORT, exchange.getHostPort());
        if (route != null) {
            builder.setAttribute(HttpAttributes.HTTP_ROUTE, route);
        }
        Span span = builder.startSpan();
        ServerSpan recorded = null;
        if (span.isRecording()) {
            describe(span, exchange, method);
            recorded = new ServerSpan(span, this);
            exchange.addExchangeCompleteListener(recorded);
        }

        SpanContext context = span.getSpanContext();
        String traceId = context.getTraceId();
        String earlier = exchange.getAttachment(HandlerAttachments.TRACE_ID);
        exchange.putAttachment(HandlerAttachments.TRACE_ID, traceId);
        exchange.putAttachment(HandlerAttachments.TRACEPARENT, TraceHeaders.traceparent(context));
        boolean newTraceId = !traceId.equals(earlier); // a new trace: correlation's id gives way to the span's
        if (newTraceId) {
            MDC.put(MDC_TRACE_ID, traceId);
        }
        try {
            next.handleRequest(exchange);
        } catch (Throwable t) {
            if (recorded != null) {
                recorded.failed(t);
            }
            throw t;
        } finally {
            if (newTraceId) {
                if (earlier != null) {
                    MDC.put(MDC_TRACE_ID, earlier);
                } else {
                    MDC.remove(MDC_TRACE_ID);
                }
            }
        }
    }

    private static void describe(Span span, HttpServerExchange exchange, int method) {
        if (method == HttpMethods.OTHER) {
            span.setAttribute(HttpAttributes.HTTP_REQUEST_METHOD_ORIGINAL, exchange.getRequestMethod().toString());
        }
        InetSocketAddress peer = exchange.getSourceAddress();
        if (peer != null && peer.getAddress() != null) {
            span.setAttribute(ClientAttributes.CLIENT_ADDRESS, peer.getAddress().getHostAddress());
        }
        String version = protocolVersion(exchange.getProtocol());
        if (version != null) {
            span.setAttribute(NetworkAttributes.NETWORK_PROTOCOL_VERSION, version);
        }
        String userAgent = exchange.getRequestHeaders().getFirst(Headers.USER_AGENT);
        if (userAgent != null) {
            span.setAttribute(UserAgentAttributes.USER_AGENT_ORIGINAL, userAgent);
        }
    }

    private static String protocolVersion(HttpString protocol) {
        if (protocol == Protocols.HTTP_1_1) {
            return "1.1";
        }
        if (protocol == Protocols.HTTP_2_0) {
            return "2";
        }
        if (protocol == Protocols.HTTP_1_0) {
            return "1.0";
        }
        return protocol == Protocols.HTTP_0_9 ? "0.9" : null;
    }

    /** The names to use when a later handler attached an endpoint other than this route's, else {@code null}. */
    SpanNames.Named renamed(HttpServerExchange exchange) {
        String endpoint = exchange.getAttachment(HandlerAttachments.ENDPOINT);
        return endpoint == null || endpoint.equals(ownEndpoint) ? null : otherEndpoints.of(endpoint);
    }

    @Override
    public String toString() {
        return "tracing -> " + next;
    }
}
