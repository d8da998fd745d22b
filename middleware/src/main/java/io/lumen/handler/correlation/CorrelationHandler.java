package io.lumen.handler.correlation;

import io.lumen.handler.ChainContext;
import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.Middleware;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.HttpString;
import org.slf4j.MDC;

/**
 * handler.yml {@code correlation}: gives every request a correlation id and a W3C trace context.
 *
 * <ul>
 *   <li>Correlation id: the request's {@code X-Correlation-Id} if it is 1-128 visible ASCII
 *       characters, else (when {@code autogenCorrelationID}) a new 22-character random id. It is
 *       set as the request header (so later handlers, the client and the proxy forward it) and as
 *       the response header, attached as {@link HandlerAttachments#CORRELATION_ID} and put in the
 *       MDC as {@code cId} while the rest of the chain runs on this thread.</li>
 *   <li>{@code X-Traceability-Id} is echoed back when present (light-4j compatibility).</li>
 *   <li>Trace context: a valid {@code traceparent} is continued, else a new trace is started
 *       (random trace id, sampled flag 01). {@link HandlerAttachments#TRACE_ID} holds the trace id
 *       (MDC {@code tId}); {@link HandlerAttachments#TRACEPARENT} the header to send downstream:
 *       the same trace id with a new span id for this service. The request's own
 *       {@code traceparent} header is left as received; clients use the attachment.</li>
 * </ul>
 *
 * <p>Runs on the IO thread; MDC entries are removed when the rest of the chain returns, so after
 * a dispatch the blocking thread does not see them (read the attachments there). Never fails a
 * request: bad input is replaced.
 */
public final class CorrelationHandler implements Middleware {
    static final String MDC_CORRELATION = "cId";
    static final String MDC_TRACE = "tId";
    private static final HttpString TRACEPARENT = new HttpString("traceparent");

    private final CorrelationConfig config;

    public CorrelationHandler(ServiceContext context) {
        this(context.config().load("correlation", CorrelationConfig.class));
    }

    CorrelationHandler(CorrelationConfig config) {
        this.config = config;
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        return new PerRoute(next, new HttpString(config.correlationHeader()), new HttpString(config.traceabilityHeader()),
                config.autogenCorrelationID(), config.traceContext());
    }

    @Override
    public String toString() {
        return "correlation";
    }

    private static final class PerRoute implements HttpHandler {
        private final HttpHandler next;
        private final HttpString correlationHeader;
        private final HttpString traceabilityHeader;
        private final boolean autogen;
        private final boolean traceContext;

        PerRoute(HttpHandler next, HttpString correlationHeader, HttpString traceabilityHeader, boolean autogen,
                 boolean traceContext) {
            this.next = next;
            this.correlationHeader = correlationHeader;
            this.traceabilityHeader = traceabilityHeader;
            this.autogen = autogen;
            this.traceContext = traceContext;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            HeaderMap request = exchange.getRequestHeaders();
            String cId = request.getFirst(correlationHeader);
            if (!Ids.validCorrelationId(cId)) {
                if (autogen) {
                    cId = Ids.correlationId();
                    request.put(correlationHeader, cId);
                } else {
                    if (cId != null) {
                        request.remove(correlationHeader); // do not forward what we would not accept
                    }
                    cId = null;
                }
            }
            String traceability = request.getFirst(traceabilityHeader);
            if (traceability != null && Ids.validCorrelationId(traceability)) {
                exchange.getResponseHeaders().put(traceabilityHeader, traceability);
            }
            String traceId = null;
            if (traceContext) {
                String parent = request.getFirst(TRACEPARENT);
                String flags;
                if (Ids.validTraceparent(parent)) {
                    traceId = parent.substring(3, 35);
                    flags = parent.substring(53, 55);
                } else {
                    traceId = Ids.traceId();
                    flags = "01";
                }
                exchange.putAttachment(HandlerAttachments.TRACE_ID, traceId);
                exchange.putAttachment(HandlerAttachments.TRACEPARENT,
                        "00-" + traceId + "-" + Ids.spanId() + "-" + flags);
            }
            if (cId != null) {
                exchange.getResponseHeaders().put(correlationHeader, cId);
                exchange.putAttachment(HandlerAttachments.CORRELATION_ID, cId);
                MDC.put(MDC_CORRELATION, cId);
            }
            if (traceId != null) {
                MDC.put(MDC_TRACE, traceId);
            }
            try {
                next.handleRequest(exchange);
            } finally {
                if (cId != null) {
                    MDC.remove(MDC_CORRELATION);
                }
                if (traceId != null) {
                    MDC.remove(MDC_TRACE);
                }
            }
        }

        @Override
        public String toString() {
            return "correlation -> " + next;
        }
    }
}
