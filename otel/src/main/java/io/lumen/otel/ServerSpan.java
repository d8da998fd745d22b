package io.lumen.otel;

import io.lumen.status.StatusException;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.semconv.ErrorAttributes;
import io.opentelemetry.semconv.HttpAttributes;
import io.undertow.server.ExchangeCompletionListener;
import io.undertow.server.HttpServerExchange;

/**
 * One recorded request span, ended when its exchange completes: then the response status is
 * known, whoever wrote it (the handler, the {@code exception} middleware, the last-resort guard).
 * A 5xx status makes the span's status ERROR with {@code error.type} the status code; a failure that
 * left no 5xx (the response had already started) gives ERROR with the exception's class. Runs on
 * the thread that completes the exchange; never throws into Undertow.
 */
final class ServerSpan implements ExchangeCompletionListener {
    private final Span span;
    private final TracedRoute route;
    private volatile Throwable failure; // set on the request's thread, read on the completing one

    ServerSpan(Span span, TracedRoute route) {
        this.span = span;
        this.route = route;
    }

    void failed(Throwable t) {
        failure = t;
    }

    @Override
    public void exchangeEvent(HttpServerExchange exchange, NextListener nextListener) {
        try {
            int status = exchange.getStatusCode();
            span.setAttribute(HttpAttributes.HTTP_RESPONSE_STATUS_CODE, status);
            SpanNames.Named renamed = route.renamed(exchange);
            if (renamed != null) {
                span.updateName(renamed.names()[HttpMethods.index(exchange.getRequestMethod())]);
                span.setAttribute(HttpAttributes.HTTP_ROUTE, renamed.route());
            }
            Throwable t = failure;
            if (status >= 500) {
                span.setStatus(StatusCode.ERROR);
                span.setAttribute(ErrorAttributes.ERROR_TYPE, Integer.toString(status));
            } else if (t != null && !(t instanceof StatusException)) {
                span.setStatus(StatusCode.ERROR);
                span.setAttribute(ErrorAttributes.ERROR_TYPE, t.getClass().getName());
            }
            span.end();
        } finally {
            nextListener.proceed();
        }
    }
}
