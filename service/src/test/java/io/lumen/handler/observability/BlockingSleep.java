package io.lumen.handler.observability;

import io.lumen.handler.Blocking;
import io.lumen.testkit.core.Pace;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.time.Duration;

/** A blocking handler that takes 50 ms (its slowness is what the tests look at) and answers {@code slept}. */
public final class BlockingSleep implements HttpHandler, Blocking {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        Pace.slowBackend(Duration.ofMillis(50));
        exchange.getResponseSender().send("slept");
    }
}
