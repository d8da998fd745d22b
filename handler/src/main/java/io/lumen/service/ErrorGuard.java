package io.lumen.service;

import io.lumen.handler.FailureHandler;
import io.lumen.server.RequestBodies;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusCatalogue;
import io.lumen.status.StatusException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last-resort guard in front of the router: whatever escapes a chain becomes the error JSON
 * (a {@link StatusException} keeps its status, anything else is 500 ERR10010) and is logged here;
 * the client never sees a stack trace.
 */
final class ErrorGuard implements HttpHandler, FailureHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorGuard.class);

    private final ErrorResponder errors;
    private volatile HttpHandler next;

    ErrorGuard(ErrorResponder errors) {
        this.errors = errors;
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
        try {
            if (failure instanceof StatusException se) {
                LOG.debug("{} {}: {}", exchange.getRequestMethod(), exchange.getRequestPath(), se.getMessage());
                errors.send(exchange, se);
            } else if (RequestBodies.answerReadFailure(errors, exchange, failure)) {
                LOG.debug("{} {}: {}", exchange.getRequestMethod(), exchange.getRequestPath(), failure.toString());
            } else {
                LOG.error("unhandled exception for {} {}", exchange.getRequestMethod(), exchange.getRequestPath(), failure);
                errors.send(exchange, StatusCatalogue.RUNTIME_EXCEPTION);
            }
        } catch (RuntimeException e) {
            LOG.error("cannot send the error response; closing the connection", e);
            exchange.setPersistent(false);
            exchange.endExchange();
        }
    }
}
