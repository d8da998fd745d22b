package io.lumen.validator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lumen.handler.HandlerAttachments;
import io.lumen.openapi.Parameter;
import io.lumen.validator.validation.ValidatedRequest;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

import java.util.Set;

/**
 * Test handler: answers the validated request as JSON ({@code {"operation":..., "query": {...},
 * "body": ...}}); with query {@code respond=<json>} it answers that JSON instead (response validation tests).
 */
public final class EchoHandler implements HttpHandler {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        ValidatedRequest v = exchange.getAttachment(OpenApiAttachments.VALIDATED);
        String respond = exchange.getQueryParameters().containsKey("respond")
                ? exchange.getQueryParameters().get("respond").getFirst() : null;
        String body;
        if (respond != null) {
            body = respond;
        } else {
            ObjectNode out = JSON.createObjectNode();
            out.put("operation", v == null ? null : v.operation().operationId());
            out.put("endpoint", exchange.getAttachment(HandlerAttachments.ENDPOINT));
            Set<String> scopes = exchange.getAttachment(HandlerAttachments.REQUIRED_SCOPES);
            if (scopes != null) {
                scopes.forEach(out.withArrayProperty("scopes")::add);
            }
            if (v != null) {
                for (Parameter p : v.operation().parameters()) {
                    JsonNode value = switch (p.in()) {
                        case PATH -> v.path(p.name());
                        case QUERY -> v.query(p.name());
                        case HEADER -> v.header(p.name());
                        case COOKIE -> v.cookie(p.name());
                    };
                    if (value != null) {
                        out.withObjectProperty(p.in().label()).set(p.name(), value);
                    }
                }
                if (v.body() != null) {
                    out.set("body", v.body());
                }
            }
            body = JSON.writeValueAsString(out);
        }
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        exchange.getResponseSender().send(body);
    }
}
