package io.lumen.handler.body;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** Test terminal handler that throws. */
public final class Fails implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        throw new IllegalStateException("handler failed on purpose");
    }
}
