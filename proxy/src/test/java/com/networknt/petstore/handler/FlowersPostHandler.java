package com.networknt.petstore.handler;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** Test stand-in for the light-4j petstore's business handler of the same name (handler.yml names it). */
public class FlowersPostHandler implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getResponseSender().send("FlowersPostHandler");
    }
}
