package io.lumen.handler.exception;

import io.lumen.handler.HandlerAttachments;
import io.lumen.server.RequestBodies;
import io.lumen.status.ErrorResponder;
import io.lumen.status.ErrorCodes;
import io.lumen.status.StatusException;
import io.undertow.server.HttpServerExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The one mapping from a failure to the error JSON, shared by the {@code exception} middleware and
 * the service's last-resort guard in front of the router: a {@link StatusException} keeps its
 * status, a request body that could not be read is the client's 408/413, anything else is 500
 * {@code ERR10010}. Each answer is logged with the request's correlation id (also put in MDC
 * {@code cId} while logging): 5xx at error level, 4xx at debug. If the error cannot be sent (the
 * response had already started), the connection is closed so the client sees a truncated
 * response, never a wrong one. Stateless apart from its settings; thread-safe.
 */
public final class FailureResponses {
    static final String MDC_CORRELATION = "cId";
    private static final Logger LOG = LoggerFactory.getLogger(FailureResponses.class);

    private final ErrorResponder errors;
    private final boolean logStackTraces;

    /**
     * @param errors         writes the error JSON
     * @param logStackTraces whether a 5xx is logged with the failure's stack trace
     */
    public FailureResponses(ErrorResponder errors, boolean logStackTraces) {
        this.errors = errors;
        this.logStackTraces = logStackTraces;
    }

    /** Answers {@code exchange} for {@code failure} and logs it; never throws. */
    public void answer(HttpServerExchange exchange, Throwable failure) {
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
                errors.send(exchange, ErrorCodes.RUNTIME_EXCEPTION);
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
            if (logStackTraces) {
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
}
