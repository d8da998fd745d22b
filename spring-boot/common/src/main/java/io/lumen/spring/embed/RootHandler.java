package io.lumen.spring.embed;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * The handler Undertow calls first for every request of the application (the initial handler-chain
 * wrapper's result, in front of Spring's servlet handler): Lumen's router behind its error guard
 * and the root guards for protocol framing and request bodies (see {@link LumenEmbedding}).
 * Until Lumen is assembled (the application context is still refreshing) requests go to Spring
 * unchanged. IO thread; one volatile read per request.
 */
final class RootHandler implements HttpHandler {
    private final LumenEmbedding embedding;
    private final HttpHandler spring;

    RootHandler(LumenEmbedding embedding, HttpHandler spring) {
        this.embedding = embedding;
        this.spring = spring;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        HttpHandler lumen = embedding.root();
        if (lumen == null) {
            spring.handleRequest(exchange);
        } else {
            lumen.handleRequest(exchange);
        }
    }

    @Override
    public String toString() {
        return "lumen -> " + spring;
    }
}
