package io.lumen.handler.chain;

import io.lumen.handler.FailureHandler;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.util.concurrent.Executor;

/**
 * Moves a request off the IO thread once, in front of the first blocking link of a route, and
 * puts the exchange in blocking mode. Failures of the rest of the chain cannot propagate to the
 * IO thread's stack any more, so they go to the chain's {@link FailureHandler} here.
 */
final class DispatchHandler implements HttpHandler {
    private final HttpHandler next;
    private final Executor executor;
    private final FailureHandler failures;

    DispatchHandler(HttpHandler next, Executor executor, FailureHandler failures) {
        this.next = next;
        this.executor = executor;
        this.failures = failures;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (!exchange.isBlocking()) {
            // also off the IO thread: Undertow runs a pipelined request on a worker thread when the
            // previous one ended there, and the handler behind needs blocking streams either way
            exchange.startBlocking();
        }
        if (exchange.isInIoThread()) {
            if (executor == null) {
                exchange.dispatch(this);
            } else {
                exchange.dispatch(executor, this);
            }
            return;
        }
        try {
            next.handleRequest(exchange);
        } catch (Throwable t) {
            failures.fail(exchange, t);
        }
    }

    @Override
    public String toString() {
        return "dispatch";
    }
}
