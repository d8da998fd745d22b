package io.lumen.handler.health;

import io.lumen.server.Readiness;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * handler.yml {@code liveness}: {@code GET /health/liveness} answers 200 {@code OK} in every state
 * but {@code STOPPED}, which answers 503 {@code ERR19000}. With health.yml {@code enabled: false}
 * it answers 404 {@code ERR10048}. IO thread, never blocks.
 */
public final class LivenessHandler implements HttpHandler {
    private final Probe probe;

    public LivenessHandler(ServiceContext context) {
        this.probe = new Probe(context);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (!probe.enabled) {
            probe.notRouted(exchange);
            return;
        }
        Readiness.State state = probe.readiness.state();
        if (state == Readiness.State.STOPPED) {
            probe.unavailable(exchange, state);
        } else {
            probe.ok(exchange);
        }
    }

    @Override
    public String toString() {
        return "liveness";
    }
}
