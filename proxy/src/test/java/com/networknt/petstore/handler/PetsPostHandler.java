package com.networknt.petstore.handler;

import io.lumen.handler.body.ParsedBody;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

/**
 * Test stand-in for the light-4j petstore's business handler of the same name (handler.yml names it):
 * answers with the pet it was given, as the chain's body (and sanitizer) middleware left it.
 */
public class PetsPostHandler implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        ParsedBody body = exchange.getAttachment(ParsedBody.ATTACHMENT_KEY);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        exchange.getResponseSender().send(body == null || body.json() == null ? "{}" : body.json().toString());
    }
}
