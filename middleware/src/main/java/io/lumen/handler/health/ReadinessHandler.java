package io.lumen.handler.health;

import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * handler.yml {@code readiness}: {@code GET /health/readiness} answers 200 {@code OK} when the
 * service is {@code READY} and every registered dependency (a database pool, for one) is
 * available, else 503 {@code ERR19000} naming the state ({@code STARTING}, {@code DRAINING},
 * {@code STOPPED}) or the unavailable dependencies. With health.yml {@code enabled: false} it answers 404
 * {@code ERR10048}. IO thread, never blocks.
 */
public final class ReadinessHandler implements HttpHandler {
    private final Probe probe;

    public ReadinessHandler(ServiceContext context) {
        this.probe = new Probe(context);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (!probe.enabled) {
            probe.notRouted(exchange);
        } else if (probe.readiness.isReady()) {
            probe.ok(exchange);
        } else {
            probe.unavailable(exchange, probe.readiness.reason());
        }
    }

    @Override
    public String toString() {
        return "readiness";
    }
}
