package io.lumen.proxy;

import io.lumen.handler.ChainContext;
import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.Middleware;
import io.undertow.server.HttpHandler;

import java.util.List;
import java.util.Map;

/**
 * Test middleware standing in for security: publishes {@code {"sub": <X-Test-Sub>, "scope": ["a", "b"]}}
 * as the verified claims when the request has an {@code X-Test-Sub} header.
 */
public final class ClaimsFromHeader implements Middleware {
    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        return exchange -> {
            String sub = exchange.getRequestHeaders().getFirst("X-Test-Sub");
            if (sub != null) {
                exchange.putAttachment(HandlerAttachments.VERIFIED_CLAIMS, Map.of("sub", sub, "scope", List.of("a", "b")));
            }
            next.handleRequest(exchange);
        };
    }
}
