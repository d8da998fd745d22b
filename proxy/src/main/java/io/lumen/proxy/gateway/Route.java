package io.lumen.proxy.gateway;

import io.lumen.proxy.forward.Forwarder;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

import java.util.Locale;

/**
 * One route of the table: its prefix and matchers, the service's forwarder and the path rewrite.
 * Immutable; {@link #accepts} allocates nothing unless the route matches on the host.
 */
final class Route {
    private final String prefix;
    private final String service;
    private final String host;
    private final HttpString[] methods;
    private final HttpString[] headerNames;
    private final String[] headerValues;
    private final Forwarder forwarder;
    private final PathRewrite rewrite;
    private final String where;

    /**
     * @param host  lower-case host, or null for any
     * @param where file:line of the route's definition, for messages
     */
    Route(String prefix, String service, String host, HttpString[] methods, HttpString[] headerNames,
          String[] headerValues, Forwarder forwarder, PathRewrite rewrite, String where) {
        this.prefix = prefix;
        this.service = service;
        this.host = host;
        this.methods = methods;
        this.headerNames = headerNames;
        this.headerValues = headerValues;
        this.forwarder = forwarder;
        this.rewrite = rewrite;
        this.where = where;
    }

    /** Whether the request's host, method and headers are this route's (its prefix already matched). */
    boolean accepts(HttpServerExchange exchange) {
        if (methods.length > 0 && !anyEquals(methods, exchange.getRequestMethod())) {
            return false;
        }
        for (int i = 0; i < headerNames.length; i++) {
            HeaderValues values = exchange.getRequestHeaders().get(headerNames[i]);
            if (values == null || !values.contains(headerValues[i])) {
                return false;
            }
        }
        return host == null || host.equals(requestHost(exchange));
    }

    /** Forwards {@code exchange} to the route's service, its path rewritten. */
    void forward(HttpServerExchange exchange) {
        if (rewrite == PathRewrite.NONE) {
            forwarder.forward(exchange);
        } else {
            forwarder.forward(exchange, rewrite.apply(Forwarder.rawPath(exchange)));
        }
    }

    String prefix() {
        return prefix;
    }

    String service() {
        return service;
    }

    String where() {
        return where;
    }

    private static boolean anyEquals(HttpString[] names, HttpString name) {
        for (HttpString n : names) {
            if (n.equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** The Host header's (or HTTP/2 :authority's) host, port and trailing dot removed, lower case. */
    private static String requestHost(HttpServerExchange exchange) {
        String h = exchange.getRequestHeaders().getFirst(Headers.HOST);
        if (h == null) {
            return null;
        }
        int end = h.length();
        if (h.startsWith("[")) { // an IPv6 literal: [::1]:8080
            int close = h.indexOf(']');
            end = close < 0 ? end : close + 1;
        } else {
            int colon = h.indexOf(':');
            end = colon < 0 ? end : colon;
        }
        if (end > 0 && h.charAt(end - 1) == '.') {
            end--;
        }
        return h.substring(0, end).toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return prefix + " -> " + service + " (" + where + ")";
    }
}
