package io.lumen.handler.router;

import io.lumen.http.HttpMethods;
import io.undertow.server.HttpHandler;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * The routes of one path by method: a few entries, searched linearly. Undertow hands the handler
 * its interned method constants, so the identity check nearly always hits first. Method names are
 * case-sensitive ({@link HttpMethods}).
 */
final class MethodTable {
    private HttpString[] methods = new HttpString[0];
    private Route[] routes = new Route[0];

    void add(Route route) {
        int n = methods.length;
        methods = Arrays.copyOf(methods, n + 1);
        routes = Arrays.copyOf(routes, n + 1);
        methods[n] = route.method();
        routes[n] = route;
    }

    /** The route for {@code method}; HEAD falls back to GET. {@code null} if none. */
    Route find(HttpString method) {
        for (int i = 0; i < methods.length; i++) {
            if (methods[i] == method) {
                return routes[i];
            }
        }
        for (int i = 0; i < methods.length; i++) {
            if (HttpMethods.same(methods[i], method)) {
                return routes[i];
            }
        }
        return HttpMethods.same(method, Methods.HEAD) ? find(Methods.GET) : null;
    }

    /** The handler for {@code method}, or {@code null}; the hot path of literal routes. */
    HttpHandler handler(HttpString method) {
        Route r = find(method);
        return r == null ? null : r.handler();
    }

    /** Adds this path's methods to {@code into}: HEAD with GET, and OPTIONS (the router answers it). */
    void allowed(TreeSet<String> into) {
        HttpMethods.allowed(methods, into);
    }

    List<Route> routes() {
        return new ArrayList<>(List.of(routes));
    }
}
