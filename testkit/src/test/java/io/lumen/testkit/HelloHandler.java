package io.lumen.testkit;

import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** Answers with the configured service id. */
public class HelloHandler implements HttpHandler {
    private final String serviceId;

    public HelloHandler(ServiceContext context) {
        this.serviceId = context.server().serviceId();
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getResponseSender().send("hello from " + serviceId);
    }
}
