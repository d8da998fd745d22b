package io.lumen.handler.header;

import io.lumen.handler.ChainContext;
import io.lumen.handler.Middleware;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.ResponseCommitListener;

import java.util.ArrayList;
import java.util.List;

/**
 * Adds, replaces and removes request and response headers ({@code header.yml}), globally and per
 * path prefix. The rules of a route are merged once at startup. Request rules run before the rest
 * of the chain; response updates are set before the rest of the chain and again, with the
 * removals, just before the response is committed, so they hold even when the handler sets the
 * same headers. IO thread, never blocks, never fails a request.
 */
public final class HeaderHandler implements Middleware {
    private final HeaderConfig config;

    public HeaderHandler(ServiceContext context) {
        this(context.config().load("header", HeaderConfig.class));
    }

    public HeaderHandler(HeaderConfig config) {
        this.config = config;
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        List<HeaderConfig.Rules> request = new ArrayList<>();
        List<HeaderConfig.Rules> response = new ArrayList<>();
        request.add(config.request());
        response.add(config.response());
        for (String prefix : PathPrefixes.matching(config.pathPrefixHeader(), context.path())) {
            request.add(config.pathPrefixHeader().get(prefix).request());
            response.add(config.pathPrefixHeader().get(prefix).response());
        }
        HeaderRules req = HeaderRules.merge(request);
        HeaderRules res = HeaderRules.merge(response);
        if (req.isEmpty() && res.isEmpty()) {
            return next;
        }
        return new Linked(req, res, next);
    }

    /** The per-route handler: pre-built rules only. */
    private static final class Linked implements HttpHandler, ResponseCommitListener {
        private final HeaderRules request;
        private final HeaderRules response;
        private final HttpHandler next;

        Linked(HeaderRules request, HeaderRules response, HttpHandler next) {
            this.request = request;
            this.response = response;
            this.next = next;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            request.apply(exchange.getRequestHeaders());
            if (!response.isEmpty()) {
                response.applyUpdates(exchange.getResponseHeaders());
                exchange.addResponseCommitListener(this);
            }
            next.handleRequest(exchange);
        }

        @Override
        public void beforeCommit(HttpServerExchange exchange) {
            response.apply(exchange.getResponseHeaders());
        }

        @Override
        public String toString() {
            return "header[request: " + request + "; response: " + response + "] -> " + next;
        }
    }
}
