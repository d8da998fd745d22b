package io.lumen.handler.limit;

import io.lumen.handler.ChainContext;
import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.Middleware;
import io.undertow.server.HttpHandler;

/** Test middleware standing in for security: the client id from X-Test-Client, the user from X-Test-User. */
public final class FakeSecurity implements Middleware {
    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        return exchange -> {
            String id = exchange.getRequestHeaders().getFirst("X-Test-Client");
            if (id != null) {
                exchange.putAttachment(HandlerAttachments.CLIENT_ID, id);
            }
            String user = exchange.getRequestHeaders().getFirst("X-Test-User");
            if (user != null) {
                exchange.putAttachment(HandlerAttachments.USER_ID, user);
            }
            next.handleRequest(exchange);
        };
    }
}
