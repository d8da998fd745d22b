package io.lumen.handler.observability;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** Answers 200 {@code ok}, or the status given as {@code ?status=}. */
public final class Ok implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        var status = exchange.getQueryParameters().get("status");
        if (status != null) {
            exchange.setStatusCode(Integer.parseInt(status.getFirst()));
        }
        exchange.getResponseSender().send("ok");
    }
}
