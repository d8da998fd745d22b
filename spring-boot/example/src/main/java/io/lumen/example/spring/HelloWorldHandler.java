package io.lumen.example.spring;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * {@code /light-4j}: a plain Lumen handler, answered on the IO thread from pre-encoded bytes;
 * Spring never sees the request.
 */
public final class HelloWorldHandler implements HttpHandler {
    private static final ByteBuffer BODY = ByteBuffer.allocateDirect(11)
            .put("Hello World".getBytes(StandardCharsets.US_ASCII)).flip().asReadOnlyBuffer();

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
        exchange.getResponseSender().send(BODY.duplicate());
    }
}
