package io.lumen.handler.testing;

import io.lumen.handler.ChainContext;
import io.lumen.handler.Middleware;
import io.undertow.server.HttpHandler;
import io.undertow.util.HttpString;

/** Appends its class's simple name to the request header X-Links, so tests see the chain order. */
public class TagMiddleware implements Middleware {
    static final HttpString LINKS = new HttpString("X-Links");

    protected String tag() {
        return getClass().getSimpleName();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        String tag = tag();
        return exchange -> {
            String before = exchange.getRequestHeaders().getFirst(LINKS);
            exchange.getRequestHeaders().put(LINKS, before == null ? tag : before + "," + tag);
            next.handleRequest(exchange);
        };
    }

    /** A second, distinguishable tag. */
    public static class Second extends TagMiddleware {
    }

    /** A disabled one: must never appear. */
    public static class Disabled extends TagMiddleware {
        @Override
        public boolean isEnabled() {
            return false;
        }
    }
}
