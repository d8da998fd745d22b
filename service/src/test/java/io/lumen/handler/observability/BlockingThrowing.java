package io.lumen.handler.observability;

import io.lumen.handler.Blocking;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** A blocking handler (runs after the dispatch) that throws. */
public final class BlockingThrowing implements HttpHandler, Blocking {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (exchange.isInIoThread()) {
            throw new AssertionError("a Blocking handler must run after the dispatch");
        }
        throw new IllegalStateException(Throwing.SECRET);
    }
}
