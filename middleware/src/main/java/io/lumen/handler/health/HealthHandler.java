package io.lumen.handler.health;

import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * handler.yml {@code health}: {@code GET /health} answers 200 {@code text/plain} {@code OK} while
 * the server answers at all; no security in front of it, for load balancers and probes. With
 * health.yml {@code enabled: false} it answers 404 {@code ERR10048}. IO thread, never blocks.
 */
public final class HealthHandler implements HttpHandler {
    private final Probe probe;

    public HealthHandler(ServiceContext context) {
        this.probe = new Probe(context);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (probe.enabled) {
            probe.ok(exchange);
        } else {
            probe.notRouted(exchange);
        }
    }

    @Override
    public String toString() {
        return "health";
    }
}
