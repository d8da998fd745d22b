package io.lumen.security;

import io.lumen.handler.ChainContext;
import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.Middleware;
import io.undertow.server.HttpHandler;

import java.util.Set;

/**
 * Stands in for the OpenAPI specification middleware: GET routes require read:pets, POST routes write:pets
 * or admin, routes under /public require no scope.
 */
public final class RequireScopes implements Middleware {
    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        Set<String> scopes = context.path().startsWith("/public") ? Set.of()
                : context.method().equals("POST") ? Set.of("write:pets", "admin") : Set.of("read:pets");
        return exchange -> {
            exchange.putAttachment(HandlerAttachments.REQUIRED_SCOPES, scopes);
            next.handleRequest(exchange);
        };
    }
}
