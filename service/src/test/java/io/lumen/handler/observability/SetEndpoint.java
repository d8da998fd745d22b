package io.lumen.handler.observability;

import io.lumen.handler.ChainContext;
import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.Middleware;
import io.undertow.server.HttpHandler;

/** Middleware that attaches the endpoint {@code /v1/spec/{op}@get}, like the specification middleware would. */
public final class SetEndpoint implements Middleware {
    public static final String ENDPOINT = "/v1/spec/{op}@get";

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        return exchange -> {
            exchange.putAttachment(HandlerAttachments.ENDPOINT, ENDPOINT);
            next.handleRequest(exchange);
        };
    }
}
