package io.lumen.handler.observability;

import io.lumen.handler.Blocking;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** A blocking handler that sleeps 50 ms (the one documented sleep of these tests) and answers {@code slept}. */
public final class BlockingSleep implements HttpHandler, Blocking {
    @Override
    public void handleRequest(HttpServerExchange exchange) throws InterruptedException {
        Thread.sleep(50);
        exchange.getResponseSender().send("slept");
    }
}
