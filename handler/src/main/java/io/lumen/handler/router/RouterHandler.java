package io.lumen.handler.router;

import io.lumen.path.PathTemplate;
import io.lumen.status.ErrorResponder;
import io.lumen.status.ErrorCodes;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import io.undertow.util.StatusCodes;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeSet;

/**
 * Dispatches each request to its route's pre-linked chain. No route for the path: the default
 * handlers if handler.yml has them, else 404 ERR10048. Path known under other methods: the default
 * handlers, else {@code OPTIONS} is answered 204 with {@code Allow} (RFC 9110 9.3.7) and any other
 * method 405 ERR10008 with {@code Allow}; {@code Allow} lists the methods of every route of the
 * path, HEAD with GET, and OPTIONS. Method names are case-sensitive. Runs on the IO thread; the
 * literal-path case does one hash lookup and allocates nothing.
 */
public final class RouterHandler implements HttpHandler {
    /** Set on OPTIONS requests that reach a route, so its handler can answer with the path's {@code Allow}. */
    private static final AttachmentKey<RouterHandler> ROUTED_BY = AttachmentKey.create(RouterHandler.class);

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
        if (method == Methods.OPTIONS) {
            exchange.putAttachment(ROUTED_BY, this);
        }
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
            errors.send(exchange, ErrorCodes.PATH_NOT_IMPLEMENTED, path, method);
        } else if (method == Methods.OPTIONS) {
            options(exchange, String.join(", ", match.allowed()));
        } else {
            methodNotAllowed(exchange, method, path, String.join(", ", match.allowed()));
        }
    }

    /**
     * The {@code Allow} value of the request's path, when a router routed this OPTIONS request; else
     * null. For a handler on an OPTIONS route that is not the whole answer (the CORS middleware
     * answering a request that is not a preflight).
     */
    public static String allowOf(HttpServerExchange exchange) {
        RouterHandler router = exchange.getAttachment(ROUTED_BY);
        if (router == null) {
            return null;
        }
        TreeSet<String> allowed = router.router.allowed(exchange.getRelativePath());
        return allowed.isEmpty() ? null : String.join(", ", allowed);
    }

    /** Answers OPTIONS for a resource: 204 with {@code Allow} (RFC 9110 9.3.7). */
    public static void options(HttpServerExchange exchange, String allow) {
        exchange.setStatusCode(StatusCodes.NO_CONTENT);
        exchange.getResponseHeaders().put(Headers.ALLOW, allow);
        exchange.endExchange();
    }

    private static void attachParams(HttpServerExchange exchange, Route route, Router.Match match) {
        PathTemplate t = route.template();
        if (t.isLiteral()) {
            return;
        }
        String[] names = t.attachmentNames();
        String[] values = match.values();
        if (t.hasWildcard()) {
            values = Arrays.copyOf(values, names.length);
            values[names.length - 1] = match.rest();
        }
        exchange.putAttachment(PathParams.ATTACHMENT_KEY, new PathParams(names, values));
    }

    private void methodNotAllowed(HttpServerExchange exchange, HttpString method, String path, String allow) {
        errors.send(exchange, errors.catalogue().get(ErrorCodes.METHOD_NOT_ALLOWED),
                errors.catalogue().get(ErrorCodes.METHOD_NOT_ALLOWED).describe(method, path),
                Map.of(), Map.of(Headers.ALLOW, allow));
    }
}
