package io.lumen.server;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;

/** Sets the configured {@code Server} header (a pre-built name and value) on every response. IO thread. */
final class ServerHeaderHandler implements HttpHandler {
    private final HttpString name;
    private final String value;
    private final HttpHandler next;

    ServerHeaderHandler(HttpString name, String value, HttpHandler next) {
        this.name = name;
        this.value = value;
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        exchange.getResponseHeaders().put(name, value);
        next.handleRequest(exchange);
    }
}
