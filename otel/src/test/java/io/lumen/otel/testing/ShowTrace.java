package io.lumen.otel.testing;

import io.lumen.handler.HandlerAttachments;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import org.slf4j.MDC;

/**
 * Answers what a handler behind the tracing middleware sees, one {@code key=value} per line: the
 * {@code traceparent} request header as received, the trace attachments (what the proxy and the
 * client forward) and the MDC trace id.
 */
public final class ShowTrace implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getResponseSender().send("header=" + exchange.getRequestHeaders().getFirst("traceparent") + "\n"
                + "traceId=" + exchange.getAttachment(HandlerAttachments.TRACE_ID) + "\n"
                + "traceparent=" + exchange.getAttachment(HandlerAttachments.TRACEPARENT) + "\n"
                + "mdcTid=" + MDC.get("tId") + "\n");
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
