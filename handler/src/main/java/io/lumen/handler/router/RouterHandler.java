package io.lumen.handler.router;

import io.lumen.path.PathTemplate;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusCatalogue;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

import java.util.Map;
import java.util.TreeSet;

/**
 * Dispatches each request to its route's pre-linked chain. No route for the path: the default
 * handlers if handler.yml has them, else 404 ERR10048. Path known under other methods: the default
 * handlers, else 405 ERR10008 with {@code Allow}. Runs on the IO thread; the literal-path case does
 * one hash lookup and allocates nothing.
 */
public final class RouterHandler implements HttpHandler {
    private final Router router;
    private final HttpHandler fallback;
    private final ErrorResponder errors;

    /**
     * @param fallback the default handlers' chain, or {@code null} for the 404/405 error JSON
     */
    public RouterHandler(Router router, HttpHandler fallback, ErrorResponder errors) {
        this.router = router;
        this.fallback = fallback;
        this.errors = errors;
    }

    public Router router() {
        return router;
    }

    /** The chain of handler.yml's {@code defaultHandlers} (or whatever fallback this was built with); {@code null} if none. */
    public HttpHandler fallback() {
        return fallback;
    }

    public ErrorResponder errors() {
        return errors;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        String path = exchange.getRelativePath();
        HttpString method = exchange.getRequestMethod();
        MethodTable table = router.literal(path);
        if (table != null) {
            HttpHandler h = table.handler(method);
            if (h != null) {
                h.handleRequest(exchange);
                return;
            }
        }
        Router.Match match = router.find(method, path);
        Route route = match.route();
        if (route != null) {
            attachParams(exchange, route, match);
            route.handler().handleRequest(exchange);
        } else if (fallback != null) {
            fallback.handleRequest(exchange);
        } else if (match.allowed().isEmpty()) {
            errors.send(exchange, StatusCatalogue.PATH_NOT_IMPLEMENTED, path, method);
        } else {
            methodNotAllowed(exchange, method, path, match.allowed());
        }
    }

    private static void attachParams(HttpServerExchange exchange, Route route, Router.Match match) {
        PathTemplate t = route.template();
        if (t.isLiteral()) {
            return;
        }
        String[] names = t.attachmentNames();
        String[] values = match.values();
        if (t.hasWildcard()) {
            values = java.util.Arrays.copyOf(values, names.length);
            values[names.length - 1] = match.rest();
        }
        exchange.putAttachment(PathParams.KEY, new PathParams(names, values));
    }

    private void methodNotAllowed(HttpServerExchange exchange, HttpString method, String path, TreeSet<String> allowed) {
        errors.send(exchange, errors.catalogue().get(StatusCatalogue.METHOD_NOT_ALLOWED),
                errors.catalogue().get(StatusCatalogue.METHOD_NOT_ALLOWED).describe(method, path),
                Map.of(), Map.of(Headers.ALLOW, String.join(", ", allowed)));
    }
}
