package io.lumen.validator.specification;

import io.undertow.server.HttpServerExchange;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * The decoded request path as OpenAPI sees it: relative to a servlet context path when Lumen runs
 * inside Spring Boot (like handler.yml's routes; standalone it is the whole path). Undertow cuts
 * {@code ;name=value} path parameters out of {@link HttpServerExchange#getRelativePath()};
 * matrix-style parameters need them, so when the raw URI holds a {@code ;} the path is decoded
 * from the raw URI instead. Without {@code ;} (the common case) nothing is allocated.
 */
public final class RequestPath {
    private RequestPath() {
    }

    public static String of(HttpServerExchange exchange) {
        String uri = exchange.getRequestURI();
        if (uri.indexOf(';') < 0) {
            return exchange.getRelativePath();
        }
        int scheme = uri.indexOf("://");
        if (scheme >= 0) {
            int slash = uri.indexOf('/', scheme + 3);
            uri = slash < 0 ? "/" : uri.substring(slash);
        }
        int query = uri.indexOf('?');
        if (query >= 0) {
            uri = uri.substring(0, query);
        }
        String path = URLDecoder.decode(uri.replace("+", "%2B"), StandardCharsets.UTF_8);
        String context = exchange.getResolvedPath(); // the servlet context path, empty standalone
        return !context.isEmpty() && !context.equals("/") && path.startsWith(context) ? path.substring(context.length()) : path;
    }
}
