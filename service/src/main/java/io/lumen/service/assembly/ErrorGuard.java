package io.lumen.service.assembly;

import io.lumen.handler.FailureHandler;
import io.lumen.handler.exception.FailureResponses;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * The last-resort guard in front of the router: whatever escapes a chain becomes the error JSON
 * through the same {@link FailureResponses} as the {@code exception} middleware (a
 * {@link StatusException} keeps its status, anything else is 500 ERR10010, logged with the
 * correlation id); the client never sees a stack trace.
 */
final class ErrorGuard implements HttpHandler, FailureHandler {
    private final FailureResponses responses;
    private volatile HttpHandler next;

    ErrorGuard(ErrorResponder errors) {
        this.responses = new FailureResponses(errors, true); // what gets this far is unexpected: keep the trace
    }

    void next(HttpHandler router) {
        this.next = router;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        try {
            next.handleRequest(exchange);
        } catch (Throwable t) {
            fail(exchange, t);
        }
    }

    @Override
    public void fail(HttpServerExchange exchange, Throwable failure) {
        responses.answer(exchange, failure);
    }
}
