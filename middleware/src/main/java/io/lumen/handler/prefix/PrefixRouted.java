package io.lumen.handler.prefix;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.util.Comparator;
import java.util.Map;

/**
 * Per request, the handler of the longest configured prefix that matches the request path, else a
 * fallback: how a middleware with per-prefix rules works on a wildcard route, whose template says
 * nothing about the paths it receives. The handlers are linked at startup; a request costs a loop
 * over the prefixes, longest first, and allocates nothing. Immutable.
 */
public final class PrefixRouted implements HttpHandler {
    private final String[] prefixes;
    private final HttpHandler[] handlers;
    private final HttpHandler otherwise;
    private final String name;

    private PrefixRouted(String[] prefixes, HttpHandler[] handlers, HttpHandler otherwise, String name) {
        this.prefixes = prefixes;
        this.handlers = handlers;
        this.otherwise = otherwise;
        this.name = name;
    }

    /**
     * @param name      the middleware's name, for the chain's {@code toString}
     * @param byPrefix  prefix -> its linked handler
     * @param otherwise for a request under none of the prefixes
     */
    public static HttpHandler of(String name, Map<String, HttpHandler> byPrefix, HttpHandler otherwise) {
        String[] sorted = byPrefix.keySet().stream().sorted(Comparator.comparingInt(String::length).reversed())
                .toArray(String[]::new);
        HttpHandler[] handlers = new HttpHandler[sorted.length];
        for (int i = 0; i < sorted.length; i++) {
            handlers[i] = byPrefix.get(sorted[i]);
        }
        return new PrefixRouted(sorted, handlers, otherwise, name);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        String path = exchange.getRequestPath();
        for (int i = 0; i < prefixes.length; i++) {
            if (PathPrefixes.matches(prefixes[i], path)) {
                handlers[i].handleRequest(exchange);
                return;
            }
        }
        otherwise.handleRequest(exchange);
    }

    @Override
    public String toString() {
        return name + "(by request path) -> " + otherwise;
    }
}
