package io.lumen.handler.cors;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** Test terminal handler: answers "reached" so a test sees whether the request was passed on. */
public final class Ok implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getResponseSender().send("reached");
    }
}
