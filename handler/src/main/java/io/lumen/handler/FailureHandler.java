package io.lumen.handler;

import io.undertow.server.HttpServerExchange;

/**
 * Turns a failure into a response (the error JSON). Middleware that continues a request
 * asynchronously (after a dispatch or in an IO callback) hands exceptions thrown there to
 * {@link ChainContext#failures()}, because they can no longer propagate up the stack.
 */
@FunctionalInterface
public interface FailureHandler {
    void fail(HttpServerExchange exchange, Throwable failure);
}
