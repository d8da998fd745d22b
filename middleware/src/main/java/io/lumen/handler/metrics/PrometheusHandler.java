package io.lumen.handler.metrics;

import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.ErrorCodes;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;

import java.nio.charset.StandardCharsets;

/**
 * handler.yml {@code prometheus}: answers {@code GET /prometheus} (or whatever route it ends) with
 * every meter of the service's registry in the Prometheus text format 0.0.4. Other methods get 405
 * {@code ERR10008}. Scraping is CPU work only, so it runs on the IO thread.
 */
public final class PrometheusHandler implements HttpHandler {
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final PrometheusMeterRegistry registry;
    private final ErrorResponder errors;

    public PrometheusHandler(ServiceContext context) {
        this.registry = Registries.prometheus(context);
        this.errors = context.errors();
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (!exchange.getRequestMethod().equals(Methods.GET) && !exchange.getRequestMethod().equals(Methods.HEAD)) {
            errors.send(exchange, ErrorCodes.METHOD_NOT_ALLOWED, exchange.getRequestMethod(),
                    exchange.getRequestPath());
            return;
        }
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, CONTENT_TYPE);
        exchange.getResponseSender().send(registry.scrape(), StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "prometheus";
    }
}
