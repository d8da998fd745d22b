package io.lumen.validator.ui;

import io.lumen.server.ServiceContext;
import io.lumen.openapi.SpecLoader;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

import java.nio.ByteBuffer;

/**
 * {@code GET /spec.yaml}: the service's spec file as loaded (bytes unchanged), {@code application/yaml}.
 * IO thread; the bytes are read once at startup.
 */
public final class SpecYamlHandler implements HttpHandler {
    private final ByteBuffer body;

    public SpecYamlHandler(ServiceContext context) {
        this.body = ByteBuffer.wrap(SpecLoader.shared(context).source()).asReadOnlyBuffer();
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/yaml");
        exchange.getResponseSender().send(body.duplicate());
    }

    @Override
    public String toString() {
        return "specyaml";
    }
}
