package io.lumen.handler.audit;

import io.lumen.handler.ChainContext;
import io.lumen.handler.Middleware;
import io.lumen.server.ServiceContext;
import io.undertow.server.ExchangeCompletionListener;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * handler.yml {@code audit}: one JSON line per request to the SLF4J logger {@code audit}, written
 * when the exchange completes:
 * {@code {"timestamp":"2025-01-31T10:00:00.123Z","endpoint":"/v1/pets/{petId}@get","method":"GET",
 * "path":"/v1/pets/1","status":200,"responseTime":0.412,"correlationId":"...","traceId":"...",
 * "clientId":"...","userId":"...","User-Agent":"..."}}. Absent ids are omitted; configured headers
 * are added, masked ones as {@code "****"}. {@code timestamp} is when the request started (UTC),
 * {@code responseTime} is in milliseconds.
 *
 * <p>Nothing is done for a request when the {@code audit} logger is off at INFO (or ERROR, with
 * {@code logLevelIsError}); the check is made per request, so the logger admin endpoint can turn
 * auditing on and off. Runs on the IO thread; the line is written on the thread that completes the
 * exchange. A failure to write a line is logged, never sent to the client.
 */
public final class AuditHandler implements Middleware {
    static final String LOGGER_NAME = "audit";
    private static final Logger AUDIT = LoggerFactory.getLogger(LOGGER_NAME);
    private static final Logger LOG = LoggerFactory.getLogger(AuditHandler.class);

    private final AuditConfig config;
    private final AuditLine line;

    public AuditHandler(ServiceContext context) {
        this(context.config().load("audit", AuditConfig.class));
    }

    AuditHandler(AuditConfig config) {
        this.config = config;
        this.line = new AuditLine(config);
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        return new PerRoute(next, this, context.endpoint());
    }

    boolean loggerEnabled() {
        return config.logLevelIsError() ? AUDIT.isErrorEnabled() : AUDIT.isInfoEnabled();
    }

    void log(HttpServerExchange exchange, String routeEndpoint, long startMillis, long nanos) {
        try {
            String text = line.write(exchange, routeEndpoint, startMillis, nanos);
            if (config.logLevelIsError()) {
                AUDIT.error(text);
            } else {
                AUDIT.info(text);
            }
        } catch (RuntimeException e) {
            LOG.warn("cannot write the audit line of {} {}", exchange.getRequestMethod(), exchange.getRequestPath(), e);
        }
    }

    @Override
    public String toString() {
        return "audit";
    }

    private static final class PerRoute implements HttpHandler {
        private final HttpHandler next;
        private final AuditHandler owner;
        private final String endpoint;

        PerRoute(HttpHandler next, AuditHandler owner, String endpoint) {
            this.next = next;
            this.owner = owner;
            this.endpoint = endpoint;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            if (owner.loggerEnabled()) {
                exchange.addExchangeCompleteListener(new Completion(this, System.currentTimeMillis(), System.nanoTime()));
            }
            next.handleRequest(exchange);
        }

        @Override
        public String toString() {
            return "audit -> " + next;
        }
    }

    /** One per audited request: when it started. */
    private static final class Completion implements ExchangeCompletionListener {
        private final PerRoute route;
        private final long startMillis;
        private final long startNanos;

        Completion(PerRoute route, long startMillis, long startNanos) {
            this.route = route;
            this.startMillis = startMillis;
            this.startNanos = startNanos;
        }

        @Override
        public void exchangeEvent(HttpServerExchange exchange, NextListener nextListener) {
            try {
                route.owner.log(exchange, route.endpoint, startMillis, System.nanoTime() - startNanos);
            } finally {
                nextListener.proceed();
            }
        }
    }
}
