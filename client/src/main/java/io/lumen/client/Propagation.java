package io.lumen.client;

import io.undertow.server.HttpServerExchange;

/**
 * Copies the correlation id and the W3C trace context of an inbound request to an outbound one.
 *
 * <p>The client module depends on lumen-core only, so it cannot see the handler module's
 * attachments. {@link #from} therefore reads the inbound <em>request headers</em>: the correlation
 * middleware writes the id it generated back into the request's {@code X-Correlation-Id} header, so
 * the id is there whenever that middleware ran. For the trace context the header holds the
 * caller's span; to propagate this service's own span (the middleware's
 * {@code HandlerAttachments.TRACEPARENT}), pass it to {@link #with} instead:
 * {@code Propagation.with(builder, exchange.getAttachment(HandlerAttachments.CORRELATION_ID),
 * exchange.getAttachment(HandlerAttachments.TRACEPARENT))}.
 *
 * <p>Stateless; safe on any thread (read the exchange on its own thread).
 */
public final class Propagation {
    public static final String CORRELATION_ID = "X-Correlation-Id";
    public static final String TRACEPARENT = "traceparent";

    private Propagation() {
    }

    /** Sets {@code X-Correlation-Id} and {@code traceparent} from the inbound request's headers, when present. */
    public static Request.Builder from(HttpServerExchange inbound, Request.Builder outbound) {
        return with(outbound, inbound.getRequestHeaders().getFirst(CORRELATION_ID),
                inbound.getRequestHeaders().getFirst(TRACEPARENT));
    }

    /** Sets the two headers from explicit values; a null value leaves its header out. */
    public static Request.Builder with(Request.Builder outbound, String correlationId, String traceparent) {
        if (correlationId != null && !correlationId.isEmpty()) {
            outbound.setHeader(CORRELATION_ID, correlationId);
        }
        if (traceparent != null && !traceparent.isEmpty()) {
            outbound.setHeader(TRACEPARENT, traceparent);
        }
        return outbound;
    }
}
