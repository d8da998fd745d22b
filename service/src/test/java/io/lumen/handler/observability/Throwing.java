package io.lumen.handler.observability;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** Throws an unchecked exception whose message must never reach a client. */
public final class Throwing implements HttpHandler {
    public static final String SECRET = "internal-detail-do-not-leak";

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        throw new IllegalStateException(SECRET);
    }
}
