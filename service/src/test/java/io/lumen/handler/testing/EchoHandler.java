package io.lumen.handler.testing;

import io.lumen.handler.router.PathParams;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

/** Answers {@code METHOD path params} as text, plus the links that ran (header X-Links). */
public class EchoHandler implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
        String links = exchange.getRequestHeaders().getFirst("X-Links");
        if (links != null) {
            exchange.getResponseHeaders().put(HttpString.tryFromString("X-Links"), links);
        }
        exchange.getResponseSender().send(exchange.getRequestMethod() + " " + exchange.getRelativePath() + " "
                + PathParams.of(exchange).asMap());
    }
}
