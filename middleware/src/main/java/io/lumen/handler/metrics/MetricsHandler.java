package io.lumen.handler.metrics;

import io.lumen.handler.ChainContext;
import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.Middleware;
import io.lumen.server.ServiceContext;
import io.micrometer.core.instrument.MeterRegistry;
import io.undertow.server.ExchangeCompletionListener;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * handler.yml {@code metrics}: times every request into the Micrometer timer
 * {@code lumen.requests} (Prometheus {@code lumen_requests_seconds}) tagged {@code endpoint} (the
 * route template, e.g. {@code /v1/pets/{petId}@get}, or the {@link HandlerAttachments#ENDPOINT}
 * attachment when a later handler set one), {@code method} and {@code status} (2xx, 4xx, ...).
 *
 * <p>Meters are resolved per route at startup; per request the middleware allocates one small
 * completion listener holding the start time. Endpoints that differ from the route's (set by a
 * later handler) are looked up in a map bounded to {@value #MAX_OTHER_ENDPOINTS} entries, beyond
 * which they count under the route's endpoint. Runs on the IO thread; recording happens on the
 * thread that completes the exchange. Never fails a request.
 */
public final class MetricsHandler implements Middleware {
    static final int MAX_OTHER_ENDPOINTS = 1000;

    private final MetricsConfig config;
    private final MeterRegistry registry;
    private final Map<String, RouteMeters> others = new ConcurrentHashMap<>();

    public MetricsHandler(ServiceContext context) {
        this(context.config().load("metrics", MetricsConfig.class), Registries.of(context));
    }

    MetricsHandler(MetricsConfig config, MeterRegistry registry) {
        this.config = config;
        this.registry = registry;
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        boolean anyMethod = "*".equals(context.method());
        RouteMeters own = anyMethod ? null : new RouteMeters(registry, context.endpoint(), context.method(),
                config.histogram());
        return new PerRoute(next, this, context.endpoint(), own);
    }

    /** The meters of an endpoint that is not a route's own, or {@code fallback} once the map is full. */
    RouteMeters other(String endpoint, String method, RouteMeters fallback) {
        String key = endpoint + ' ' + method;
        RouteMeters m = others.get(key);
        if (m == null) {
            if (others.size() >= MAX_OTHER_ENDPOINTS && fallback != null) {
                return fallback;
            }
            m = others.computeIfAbsent(key, k -> new RouteMeters(registry, endpoint, method, config.histogram()));
        }
        return m;
    }

    @Override
    public String toString() {
        return "metrics";
    }

    private static final class PerRoute implements HttpHandler {
        private final HttpHandler next;
        private final MetricsHandler owner;
        private final String endpoint;
        private final RouteMeters own; // null on the default route, whose method varies

        PerRoute(HttpHandler next, MetricsHandler owner, String endpoint, RouteMeters own) {
            this.next = next;
            this.owner = owner;
            this.endpoint = endpoint;
            this.own = own;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            exchange.addExchangeCompleteListener(new Completion(this, System.nanoTime()));
            next.handleRequest(exchange);
        }

        void record(HttpServerExchange exchange, long nanos) {
            String attached = exchange.getAttachment(HandlerAttachments.ENDPOINT);
            RouteMeters meters;
            if (attached != null && !attached.equals(endpoint)) {
                meters = owner.other(attached, exchange.getRequestMethod().toString(), own);
            } else if (own != null) {
                meters = own;
            } else {
                meters = owner.other(endpoint, exchange.getRequestMethod().toString(), null);
            }
            meters.record(exchange.getStatusCode(), nanos);
        }

        @Override
        public String toString() {
            return "metrics -> " + next;
        }
    }

    /** One per request: the start time, recorded when the exchange completes. */
    private static final class Completion implements ExchangeCompletionListener {
        private final PerRoute route;
        private final long start;

        Completion(PerRoute route, long start) {
            this.route = route;
            this.start = start;
        }

        @Override
        public void exchangeEvent(HttpServerExchange exchange, NextListener nextListener) {
            try {
                route.record(exchange, System.nanoTime() - start);
            } finally {
                nextListener.proceed();
            }
        }
    }
}
