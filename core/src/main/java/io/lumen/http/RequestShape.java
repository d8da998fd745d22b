package io.lumen.http;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import io.undertow.util.Protocols;

import java.util.Locale;

/**
 * What kind of request an exchange is, read from its request line and headers: whether it may
 * carry a body, its media type, whether it asks for a protocol upgrade, whether its method is
 * idempotent. The one place these questions are answered, for the body middleware, the validator,
 * the proxy and the client. Stateless; no allocation except {@link #mediaType}'s result and
 * {@link #isUpgrade} for a request that carries {@code Upgrade}.
 */
public final class RequestShape {
    private RequestShape() {
    }

    /**
     * The request may carry body bytes: a positive {@code Content-Length}, a {@code Transfer-Encoding},
     * or (HTTP/2, where neither is required) a stream the client has not ended. A request whose
     * headers ended the stream ({@code END_STREAM}) is complete and has none.
     */
    public static boolean hasBody(HttpServerExchange exchange) {
        long length = exchange.getRequestContentLength();
        if (length >= 0) {
            return length > 0;
        }
        if (exchange.getRequestHeaders().contains(Headers.TRANSFER_ENCODING)) {
            return true;
        }
        return exchange.getProtocol().equals(Protocols.HTTP_2_0) && !exchange.isRequestComplete();
    }

    /** The request's media type (see {@link #mediaType(String)}); null without {@code Content-Type}. */
    public static String mediaType(HttpServerExchange exchange) {
        String contentType = exchange.getRequestHeaders().getFirst(Headers.CONTENT_TYPE);
        return contentType == null ? null : mediaType(contentType);
    }

    /** The media type of a {@code Content-Type} value: parameters dropped, trimmed, lower case. */
    public static String mediaType(String contentType) {
        int semi = contentType.indexOf(';');
        return (semi < 0 ? contentType : contentType.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
    }

    /**
     * An HTTP/1.1 {@code Upgrade} request (WebSocket and the like) with {@code Connection: upgrade};
     * {@code h2c} is the server's own business and does not count.
     */
    public static boolean isUpgrade(HttpServerExchange exchange) {
        String up = exchange.getRequestHeaders().getFirst(Headers.UPGRADE);
        if (up == null || up.equalsIgnoreCase("h2c") || !exchange.getProtocol().equals(Protocols.HTTP_1_1)) {
            return false;
        }
        String connection = exchange.getRequestHeaders().getFirst(Headers.CONNECTION);
        return connection != null && connection.toLowerCase(Locale.ROOT).contains("upgrade");
    }

    /** RFC 9110 9.2.2: GET, HEAD, OPTIONS, TRACE, PUT and DELETE are idempotent. */
    public static boolean idempotent(HttpString method) {
        return method.equals(Methods.GET) || method.equals(Methods.HEAD) || method.equals(Methods.OPTIONS)
                || method.equals(Methods.PUT) || method.equals(Methods.DELETE) || method.equals(Methods.TRACE);
    }

    /** As {@link #idempotent(HttpString)}, for a method name (case-sensitive, RFC 9110 9.1). */
    public static boolean idempotent(String method) {
        return switch (method) {
            case "GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE" -> true;
            default -> false;
        };
    }
}
