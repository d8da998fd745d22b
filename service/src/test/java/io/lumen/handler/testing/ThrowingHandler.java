package io.lumen.handler.testing;

import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** Throws: a StatusException for {@code ?code=ERRxxxxx}, else an unexpected exception with a secret message. */
public class ThrowingHandler implements HttpHandler {
    private final ServiceContext context;

    public ThrowingHandler(ServiceContext context) {
        this.context = context;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        var code = exchange.getQueryParameters().get("code");
        if (code != null) {
            throw context.errors().exception(code.getFirst(), "a", "b");
        }
        throw new IllegalStateException("secret internal detail");
    }
}
