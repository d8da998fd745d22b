package io.lumen.handler.limit;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** Test terminal handler. */
public final class Ok implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getResponseSender().send("ok");
    }
}
