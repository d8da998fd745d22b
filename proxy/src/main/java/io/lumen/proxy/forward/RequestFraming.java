package io.lumen.proxy.forward;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.Protocols;

/**
 * Refuses HTTP/1.1 requests whose body length is ambiguous, the raw material of request smuggling
 * (RFC 9112 6.3): {@code Transfer-Encoding} together with {@code Content-Length}, a transfer coding
 * other than plain {@code chunked}, {@code Transfer-Encoding} in an HTTP/1.0 request (RFC 9112 6.1),
 * and several {@code Content-Length} values that differ. Undertow 2.3's parser already refuses the
 * first and the last with a bare 400 before any handler runs (SmugglingTest shows which is which);
 * the checks stay for the transfer codings it lets through to the handler (e.g. {@code xchunked},
 * {@code gzip, chunked}) and in case a later Undertow resolves the others silently.
 */
final class RequestFraming {
    private RequestFraming() {
    }

    /** Why the request's framing is refused, or null when it is unambiguous. */
    static String problem(HttpServerExchange exchange) {
        if (!exchange.getProtocol().equals(Protocols.HTTP_1_1) && !exchange.getProtocol().equals(Protocols.HTTP_1_0)) {
            return null; // HTTP/2 frames its bodies itself
        }
        HeaderValues te = exchange.getRequestHeaders().get(Headers.TRANSFER_ENCODING);
        HeaderValues cl = exchange.getRequestHeaders().get(Headers.CONTENT_LENGTH);
        if (te != null && !te.isEmpty()) {
            if (exchange.getProtocol().equals(Protocols.HTTP_1_0)) {
                return "Transfer-Encoding in an HTTP/1.0 request"; // RFC 9112 6.1: faulty framing
            }
            if (cl != null && !cl.isEmpty()) {
                return "both Content-Length and Transfer-Encoding";
            }
            if (te.size() != 1 || !te.getFirst().trim().equalsIgnoreCase("chunked")) {
                return "Transfer-Encoding other than chunked";
            }
            return null;
        }
        if (cl != null && (cl.size() > 1 || cl.getFirst().indexOf(',') >= 0)) {
            String first = null;
            for (String value : cl) {
                for (String v : value.split(",")) {
                    String t = v.trim();
                    if (first == null) {
                        first = t;
                    } else if (!first.equals(t)) {
                        return "conflicting Content-Length values";
                    }
                }
            }
        }
        return null;
    }
}
