package io.lumen.otel;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Span names and {@code http.route} values for endpoints that a later handler attached
 * ({@code HandlerAttachments.ENDPOINT}, e.g. the OpenAPI operation {@code /v1/pets/{petId}@get}
 * that the {@code specification} middleware matched behind a {@code /*} route). Each distinct
 * endpoint is turned into its names once and kept, up to {@value #MAX_ENDPOINTS} endpoints; beyond
 * that (a misbehaving handler inventing endpoints) names are made per request and not kept, so
 * memory stays bounded. Thread-safe.
 */
final class SpanNames {
    static final int MAX_ENDPOINTS = 1000;

    /** A route template and the span name for each method index. */
    record Named(String route, String[] names) {
    }

    private final Map<String, Named> byEndpoint = new ConcurrentHashMap<>();

    Named of(String endpoint) {
        Named n = byEndpoint.get(endpoint);
        if (n == null) {
            n = named(endpoint);
            if (byEndpoint.size() < MAX_ENDPOINTS) {
                byEndpoint.putIfAbsent(endpoint, n);
            }
        }
        return n;
    }

    /** {@code template@method} -> the template; an endpoint without {@code @} is a template already. */
    static Named named(String endpoint) {
        int at = endpoint.lastIndexOf('@');
        String route = at < 0 ? endpoint : endpoint.substring(0, at);
        return new Named(route, HttpMethods.names(route));
    }

    int size() {
        return byEndpoint.size();
    }
}
