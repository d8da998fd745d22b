package com.networknt.petstore.handler;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * What the stand-ins of light-example-4j's Swagger 2.0 petstore handlers (rest/swagger/petstore, one class
 * per operation, named in its handler.yml) answer: their own class name, so a test sees which one was routed.
 */
public abstract class SwaggerPetstoreStandIn implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getResponseSender().send(getClass().getSimpleName());
    }
}
