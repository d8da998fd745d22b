package com.networknt.petstore.handler;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * Test stand-in for light-example-4j's endpoint-source petstore handler (one handler for every
 * operation the spec lists): answers with the method and path it was routed.
 */
public class OpenApiPathHandler implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getResponseSender().send("openapi-handler " + exchange.getRequestMethod() + " " + exchange.getRequestPath());
    }
}
