package io.lumen.spring.it;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** The second application's /lumen/hello. */
public class OtherHelloHandler implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getResponseSender().send("hello from the other lumen");
    }
}
