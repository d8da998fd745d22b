package io.lumen.spring.embed;

import io.lumen.spring.web.SpringCors;
import io.undertow.server.HandlerWrapper;
import io.undertow.server.HttpHandler;

/**
 * Puts Lumen's router in front of Spring MVC, as an initial handler-chain wrapper of Undertow's servlet
 * deployment (Boot 3.5 adds it through a deployment-info customizer of Spring's Undertow factory, the
 * Boot 4 starter to the deployment it builds itself): it attaches Spring's servlet handler to the
 * {@code spring} terminal and returns the handler Undertow calls first for every request. Runs on the
 * IO thread before the servlet request exists. One per application context.
 */
public final class LumenHandlerWrapper implements HandlerWrapper {
    private final LumenEmbedding embedding;
    private final SpringHandoff handoff;
    private final SpringCors cors;

    /** @param cors Spring's CORS headers on Lumen's refusals, or null without Spring MVC */
    public LumenHandlerWrapper(LumenEmbedding embedding, SpringHandoff handoff, SpringCors cors) {
        this.embedding = embedding;
        this.handoff = handoff;
        this.cors = cors;
    }

    @Override
    public HttpHandler wrap(HttpHandler spring) {
        handoff.attach(spring);
        return new RootHandler(embedding, spring, cors);
    }
}
