package io.lumen.spring.embed;

import io.lumen.spring.web.SpringCors;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * The handler Undertow calls first for every request of the application (the initial handler-chain
 * wrapper's result, in front of Spring's servlet handler): Lumen's router behind its error guard
 * and the root guards for protocol framing and request bodies (see {@link LumenEmbedding}); Spring's CORS
 * headers on Lumen's own refusals ({@link SpringCors}).
 * Until Lumen is assembled (the application context is still refreshing) requests go to Spring
 * unchanged. IO thread; one volatile read per request.
 */
final class RootHandler implements HttpHandler {
    private final LumenEmbedding embedding;
    private final HttpHandler spring;
    private final SpringCors cors;

    RootHandler(LumenEmbedding embedding, HttpHandler spring, SpringCors cors) {
        this.embedding = embedding;
        this.spring = spring;
        this.cors = cors;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        HttpHandler lumen = embedding.root();
        if (lumen == null) {
            spring.handleRequest(exchange);
        } else {
            if (cors != null) {
                cors.onRequest(exchange);
            }
            lumen.handleRequest(exchange);
        }
    }

    @Override
    public String toString() {
        return "lumen -> " + spring;
    }
}
