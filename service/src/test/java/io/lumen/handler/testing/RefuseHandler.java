package io.lumen.handler.testing;

import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** Answers 401 ERR10002 without reading the body, as the security middleware does for a request without a token. */
public class RefuseHandler implements HttpHandler {
    private final ErrorResponder errors;

    public RefuseHandler(ServiceContext context) {
        this.errors = context.errors();
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        errors.send(exchange, "ERR10002");
    }
}
