package io.lumen.proxy.forward;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import io.undertow.util.Protocols;

import java.util.Locale;

/**
 * What kind of request the proxy is forwarding, read from its request line and headers: whether it
 * has a body, whether it asks for a protocol upgrade, whether its method is idempotent. Beside
 * {@link RequestFraming}, which says whether the body's framing can be trusted at all. Called once
 * per request; only {@link #isUpgrade} allocates, and only for a request that carries
 * {@code Upgrade}.
 *
 * <p>The handler module's body middleware and the validator decide "is there a body" for their own
 * purpose (whether to read it); the proxy's answer differs on purpose: a chunked or HTTP/2 body it
 * has not seen the end of must be streamed, so anything that may still carry bytes counts.
 */
final class RequestShape {
    private RequestShape() {
    }

    /** The request carries a body: a positive Content-Length, chunked, or an HTTP/2 stream still open. */
    static boolean hasBody(HttpServerExchange exchange) {
        long length = exchange.getRequestContentLength();
        if (length >= 0) {
            return length > 0;
        }
        if (exchange.getRequestHeaders().contains(Headers.TRANSFER_ENCODING)) {
            return true;
        }
        return exchange.getProtocol().equals(Protocols.HTTP_2_0) && !exchange.isRequestComplete();
    }

    /** An HTTP/1.1 {@code Upgrade} (WebSocket) request; h2c is the server's own business, never forwarded. */
    static boolean isUpgrade(HttpServerExchange exchange) {
        String up = exchange.getRequestHeaders().getFirst(Headers.UPGRADE);
        if (up == null || up.equalsIgnoreCase("h2c") || !exchange.getProtocol().equals(Protocols.HTTP_1_1)) {
            return false;
        }
        String connection = exchange.getRequestHeaders().getFirst(Headers.CONNECTION);
        return connection != null && connection.toLowerCase(Locale.ROOT).contains("upgrade");
    }

    /** RFC 9110 9.2.2: GET, HEAD, OPTIONS, TRACE, PUT, DELETE. */
    static boolean idempotent(HttpString method) {
        return method.equals(Methods.GET) || method.equals(Methods.HEAD) || method.equals(Methods.OPTIONS)
                || method.equals(Methods.PUT) || method.equals(Methods.DELETE) || method.equals(Methods.TRACE);
    }
}
