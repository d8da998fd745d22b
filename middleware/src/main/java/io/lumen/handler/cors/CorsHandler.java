package io.lumen.handler.cors;

import io.lumen.handler.ChainContext;
import io.lumen.handler.Middleware;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.http.HttpMethods;
import io.lumen.handler.router.RouterHandler;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.lumen.status.ErrorCodes;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Cross-origin resource sharing ({@code cors.yml}). As middleware it answers preflights
 * ({@code OPTIONS} with {@code Origin} and {@code Access-Control-Request-Method}) itself, without
 * passing them on, and adds {@code Access-Control-Allow-Origin} to actual requests from allowed
 * origins; actual requests from other origins pass on without allow headers, so the browser blocks
 * the answer. As the last entry of a chain ({@code exec: [cors]} on an {@code OPTIONS} route) it
 * answers preflights; an {@code OPTIONS} request that is not a preflight gets what the router would
 * answer (204 with the path's methods in {@code Allow}, RFC 9110 9.3.7), anything else 405 ERR10008.
 *
 * <p>A refused preflight is 403 ERR10092 with no allow headers. IO thread; never blocks.
 */
public final class CorsHandler implements Middleware, HttpHandler {
    private static final HttpString REQUEST_METHOD = HttpString.tryFromString("Access-Control-Request-Method");
    private static final HttpString REQUEST_HEADERS = HttpString.tryFromString("Access-Control-Request-Headers");
    private static final HttpString ALLOW_ORIGIN = HttpString.tryFromString("Access-Control-Allow-Origin");
    private static final HttpString ALLOW_METHODS = HttpString.tryFromString("Access-Control-Allow-Methods");
    private static final HttpString ALLOW_HEADERS = HttpString.tryFromString("Access-Control-Allow-Headers");
    private static final HttpString ALLOW_CREDENTIALS = HttpString.tryFromString("Access-Control-Allow-Credentials");
    private static final HttpString EXPOSE_HEADERS = HttpString.tryFromString("Access-Control-Expose-Headers");
    private static final HttpString MAX_AGE = HttpString.tryFromString("Access-Control-Max-Age");
    private static final Map<HttpString, String> ALLOW_OPTIONS = Map.of(Headers.ALLOW, "OPTIONS");

    private final CorsConfig config;
    private final ErrorResponder errors;
    private final Status forbidden;
    private final Status notAllowed;
    private final CorsPolicy global;
    private final String[] prefixes;
    private final CorsPolicy[] prefixPolicies;

    public CorsHandler(ServiceContext context) {
        this(context.config().load("cors", CorsConfig.class), context.errors());
    }

    public CorsHandler(CorsConfig config, ErrorResponder errors) {
        this.config = config;
        this.errors = errors;
        this.forbidden = errors.catalogue().get(ErrorCodes.CORS_PREFLIGHT_REQUEST_FAILED);
        this.notAllowed = errors.catalogue().get(ErrorCodes.METHOD_NOT_ALLOWED);
        this.global = CorsPolicy.of(config, null);
        List<String> sorted = new ArrayList<>(config.pathPrefixAllowed().keySet());
        sorted.sort(Comparator.comparingInt(String::length).reversed());
        this.prefixes = sorted.toArray(String[]::new);
        this.prefixPolicies = sorted.stream().map(p -> CorsPolicy.of(config, p)).toArray(CorsPolicy[]::new);
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        CorsPolicy policy = CorsPolicy.of(config, PathPrefixes.longest(config.pathPrefixAllowed(), context.path()));
        return new Linked(this, policy, next);
    }

    /** Terminal use: answers preflights for the request's path, other OPTIONS like the router; anything else is 405. */
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (isPreflight(exchange)) {
            preflight(exchange, policyFor(exchange.getRelativePath()));
            return;
        }
        String allow = RouterHandler.allowOf(exchange);
        if (exchange.getRequestMethod() == Methods.OPTIONS) {
            RouterHandler.options(exchange, allow == null ? Methods.OPTIONS_STRING : allow);
            return;
        }
        errors.send(exchange, notAllowed, notAllowed.describe(exchange.getRequestMethod(), exchange.getRequestPath()),
                Map.of(), allow == null ? ALLOW_OPTIONS : Map.of(Headers.ALLOW, allow));
    }

    private CorsPolicy policyFor(String path) {
        for (int i = 0; i < prefixes.length; i++) {
            if (PathPrefixes.matches(prefixes[i], path)) {
                return prefixPolicies[i];
            }
        }
        return global;
    }

    static boolean isPreflight(HttpServerExchange exchange) {
        return HttpMethods.same(exchange.getRequestMethod(), Methods.OPTIONS)
                && exchange.getRequestHeaders().contains(Headers.ORIGIN)
                && exchange.getRequestHeaders().contains(REQUEST_METHOD);
    }

    /** Answers a preflight: 204 with the allow headers, or 403 ERR10092 without any. */
    void preflight(HttpServerExchange exchange, CorsPolicy policy) {
        String origin = exchange.getRequestHeaders().getFirst(Headers.ORIGIN);
        String method = exchange.getRequestHeaders().getFirst(REQUEST_METHOD).trim();
        String requestedHeaders = exchange.getRequestHeaders().getFirst(REQUEST_HEADERS);
        exchange.getResponseHeaders().add(Headers.VARY, "Origin");
        if (!policy.originAllowed(origin)) {
            refuse(exchange, forbidden.describe(origin));
            return;
        }
        if (!policy.methodAllowed(method)) {
            refuse(exchange, "Method " + method + " is not allowed for cross-origin requests from " + origin);
            return;
        }
        String badHeader = policy.firstDisallowedHeader(requestedHeaders);
        if (badHeader != null) {
            refuse(exchange, "Request header " + badHeader + " is not allowed for cross-origin requests from " + origin);
            return;
        }
        var h = exchange.getResponseHeaders();
        h.put(ALLOW_ORIGIN, origin);
        h.put(ALLOW_METHODS, policy.allowMethods);
        if (requestedHeaders != null && !requestedHeaders.isBlank()) {
            h.put(ALLOW_HEADERS, requestedHeaders);
        }
        h.put(MAX_AGE, policy.maxAge);
        if (policy.credentials) {
            h.put(ALLOW_CREDENTIALS, "true");
        }
        exchange.setStatusCode(204);
        exchange.endExchange();
    }

    private void refuse(HttpServerExchange exchange, String description) {
        errors.send(exchange, forbidden, description, Map.of(), null);
    }

    /** Decorates an actual (non-preflight) request's response when its origin is allowed. */
    static void actual(HttpServerExchange exchange, CorsPolicy policy) {
        String origin = exchange.getRequestHeaders().getFirst(Headers.ORIGIN);
        if (origin == null) {
            return;
        }
        var h = exchange.getResponseHeaders();
        h.add(Headers.VARY, "Origin");
        if (policy.originAllowed(origin)) {
            h.put(ALLOW_ORIGIN, origin);
            if (policy.credentials) {
                h.put(ALLOW_CREDENTIALS, "true");
            }
            if (policy.exposeHeaders != null) {
                h.put(EXPOSE_HEADERS, policy.exposeHeaders);
            }
        }
    }

    @Override
    public String toString() {
        return "cors";
    }

    /** The per-route handler. */
    private record Linked(CorsHandler cors, CorsPolicy policy, HttpHandler next) implements HttpHandler {
        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            if (isPreflight(exchange)) {
                cors.preflight(exchange, policy);
                return;
            }
            actual(exchange, policy);
            next.handleRequest(exchange);
        }

        @Override
        public String toString() {
            return "cors -> " + next;
        }
    }
}
