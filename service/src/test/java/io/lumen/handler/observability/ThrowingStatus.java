package io.lumen.handler.observability;

import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** Throws a StatusException ERR10007 (404) naming the request path. */
public final class ThrowingStatus implements HttpHandler {
    private final ServiceContext context;

    public ThrowingStatus(ServiceContext context) {
        this.context = context;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        throw context.errors().exception("ERR10007", exchange.getRequestPath());
    }
}
