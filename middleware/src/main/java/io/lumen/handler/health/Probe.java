package io.lumen.handler.health;

import io.lumen.server.Readiness;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.ErrorCodes;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** What the three probe handlers share: health.yml, the pre-encoded {@code OK} and the answers. */
final class Probe {
    static final String NOT_READY = ErrorCodes.SERVICE_UNAVAILABLE;
    private static final ByteBuffer OK = ByteBuffer.wrap("OK".getBytes(StandardCharsets.US_ASCII)).asReadOnlyBuffer();

    final boolean enabled;
    final Readiness readiness;
    private final ErrorResponder errors;

    Probe(ServiceContext context) {
        this.enabled = context.config().load("health", HealthConfig.class).enabled();
        this.readiness = context.readiness();
        this.errors = context.errors();
    }

    void ok(HttpServerExchange exchange) {
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
        exchange.getResponseSender().send(OK.duplicate());
    }

    void notRouted(HttpServerExchange exchange) {
        errors.send(exchange, ErrorCodes.PATH_NOT_IMPLEMENTED, exchange.getRequestPath(),
                exchange.getRequestMethod());
    }

    void unavailable(HttpServerExchange exchange, Object why) {
        errors.send(exchange, NOT_READY, why);
    }
}
