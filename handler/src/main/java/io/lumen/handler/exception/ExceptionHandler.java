package io.lumen.handler.exception;

import io.lumen.handler.ChainContext;
import io.lumen.handler.FailureHandler;
import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.Middleware;
import io.lumen.server.RequestBodies;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusCatalogue;
import io.lumen.status.StatusException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * handler.yml {@code exception}: turns whatever the rest of the chain throws into the error JSON.
 * A {@link StatusException} keeps its status, description and details; anything else is 500
 * {@code ERR10010}. The cause is logged with the correlation id (also in MDC {@code cId}): 5xx at
 * error level with the stack trace, 4xx at debug. If the response had already started, the
 * connection is closed instead (the client sees a truncated response, never a wrong one).
 *
 * <p>It is also the chain's {@link FailureHandler}: failures of blocking handlers after the
 * dispatch, and of asynchronous callbacks, come to {@link #fail}. Runs on the IO thread, or on the
 * thread where the failure happened; thread-safe.
 */
public final class ExceptionHandler implements Middleware, FailureHandler {
    static final String MDC_CORRELATION = "cId";
    private static final Logger LOG = LoggerFactory.getLogger(ExceptionHandler.class);

    private final ExceptionConfig config;
    private final ErrorResponder errors;

    public ExceptionHandler(ServiceContext context) {
        this(context.config().load("exception", ExceptionConfig.class), context.errors());
    }

    ExceptionHandler(ExceptionConfig config, ErrorResponder errors) {
        this.config = config;
        this.errors = errors;
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
        String cId = exchange.getAttachment(HandlerAttachments.CORRELATION_ID);
        boolean putMdc = cId != null && MDC.get(MDC_CORRELATION) == null;
        if (putMdc) {
            MDC.put(MDC_CORRELATION, cId);
        }
        try {
            if (failure instanceof StatusException se) {
                log(exchange, se.status().statusCode(), se.getMessage(), failure, cId);
                errors.send(exchange, se);
            } else if (RequestBodies.answerReadFailure(errors, exchange, failure)) {
                log(exchange, exchange.getStatusCode(), failure.toString(), failure, cId); // the client's 408 or 413
            } else {
                log(exchange, 500, String.valueOf(failure), failure, cId);
                errors.send(exchange, StatusCatalogue.RUNTIME_EXCEPTION);
            }
        } catch (RuntimeException e) {
            LOG.error("cannot send the error response for {} {} (cId {}); closing the connection",
                    exchange.getRequestMethod(), exchange.getRequestPath(), cId, e);
            exchange.setPersistent(false);
            exchange.endExchange();
        } finally {
            if (putMdc) {
                MDC.remove(MDC_CORRELATION);
            }
        }
    }

    private void log(HttpServerExchange exchange, int status, String message, Throwable failure, String cId) {
        if (status >= 500) {
            if (config.logStackTraces()) {
                LOG.error("{} {} failed (cId {}): {}", exchange.getRequestMethod(), exchange.getRequestPath(), cId,
                        message, failure);
            } else {
                LOG.error("{} {} failed (cId {}): {}", exchange.getRequestMethod(), exchange.getRequestPath(), cId,
                        message);
            }
        } else if (LOG.isDebugEnabled()) {
            LOG.debug("{} {} answered {} (cId {}): {}", exchange.getRequestMethod(), exchange.getRequestPath(),
                    status, cId, message);
        }
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
