package io.lumen.handler.observability;

import io.lumen.handler.HandlerAttachments;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import org.slf4j.MDC;

/**
 * Answers what the correlation middleware left for later handlers, one {@code key=value} per line:
 * the attachments, the request's correlation header and the MDC entries.
 */
public final class ShowAttachments implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        String body = "cid=" + exchange.getAttachment(HandlerAttachments.CORRELATION_ID) + "\n"
                + "traceId=" + exchange.getAttachment(HandlerAttachments.TRACE_ID) + "\n"
                + "traceparent=" + exchange.getAttachment(HandlerAttachments.TRACEPARENT) + "\n"
                + "requestHeader=" + exchange.getRequestHeaders().getFirst("X-Correlation-Id") + "\n"
                + "mdcCid=" + MDC.get("cId") + "\n"
                + "mdcTid=" + MDC.get("tId") + "\n";
        exchange.getResponseSender().send(body);
    }

    /** The value of {@code key} in a body written by this handler. */
    public static String value(String body, String key) {
        for (String line : body.split("\n")) {
            if (line.startsWith(key + "=")) {
                return line.substring(key.length() + 1);
            }
        }
        throw new AssertionError("no " + key + " in " + body);
    }
}
