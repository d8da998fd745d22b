package io.lumen.handler.header;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;

/** Test terminal handler: echoes some request headers and sets response headers of its own. */
public final class EchoHeaders implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        var in = exchange.getRequestHeaders();
        String body = "drop=" + in.getFirst("X-Drop") + " global=" + in.getFirst("X-Global")
                + " over=" + in.getFirst("X-Over");
        exchange.getResponseHeaders().put(HttpString.tryFromString("X-Secret"), "handler-secret");
        exchange.getResponseHeaders().put(HttpString.tryFromString("X-Handler-Set"), "handler");
        exchange.getResponseSender().send(body);
    }
}
