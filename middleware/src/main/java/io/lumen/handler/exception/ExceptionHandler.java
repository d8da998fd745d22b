package io.lumen.handler.exception;

import io.lumen.handler.ChainContext;
import io.lumen.handler.FailureHandler;
import io.lumen.handler.Middleware;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * handler.yml {@code exception}: turns whatever the rest of the chain throws into the error JSON.
 * A {@link StatusException} keeps its status, description and details; anything else is 500
 * {@code ERR10010}, through {@link FailureResponses} (which logs it with the correlation id).
 *
 * <p>It is also the chain's {@link FailureHandler}: failures of blocking handlers after the
 * dispatch, and of asynchronous callbacks, come to {@link #fail}. Runs on the IO thread, or on the
 * thread where the failure happened; thread-safe.
 */
public final class ExceptionHandler implements Middleware, FailureHandler {
    private final ExceptionConfig config;
    private final FailureResponses responses;

    public ExceptionHandler(ServiceContext context) {
        this(context.config().load("exception", ExceptionConfig.class), context.errors());
    }

    ExceptionHandler(ExceptionConfig config, ErrorResponder errors) {
        this.config = config;
        this.responses = new FailureResponses(errors, config.logStackTraces());
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        return new Guard(next, this);
    }

    @Override
    public void fail(HttpServerExchange exchange, Throwable failure) {
        responses.answer(exchange, failure);
    }

    @Override
    public String toString() {
        return "exception";
    }

    /** The per-route handler: calls the rest of the chain and hands any throwable to {@link #fail}. */
    private static final class Guard implements HttpHandler {
        private final HttpHandler next;
        private final FailureHandler failures;

        Guard(HttpHandler next, FailureHandler failures) {
            this.next = next;
            this.failures = failures;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) {
            try {
                next.handleRequest(exchange);
            } catch (Throwable t) {
                failures.fail(exchange, t);
            }
        }

        @Override
        public String toString() {
            return "exception -> " + next;
        }
    }
}
