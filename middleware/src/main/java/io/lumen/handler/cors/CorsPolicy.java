package io.lumen.handler.cors;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The CORS rules that apply to one route (global config with its longest matching prefix
 * override), resolved at startup with the response header values pre-joined.
 */
final class CorsPolicy {
    private final boolean anyOrigin;
    private final Set<String> origins;
    private final Set<String> methods;
    private final boolean anyHeader;
    private final Set<String> headers;
    final String allowMethods;
    final String exposeHeaders;
    final boolean credentials;
    final String maxAge;

    private CorsPolicy(List<String> origins, List<String> methods, CorsConfig c) {
        this.anyOrigin = origins.contains("*");
        this.origins = Set.copyOf(origins);
        this.methods = Set.copyOf(methods);
        this.allowMethods = String.join(", ", methods);
        this.anyHeader = c.allowedHeaders().contains("*");
        Set<String> h = new HashSet<>();
        c.allowedHeaders().forEach(n -> h.add(n.toLowerCase(Locale.ROOT)));
        this.headers = Set.copyOf(h);
        this.exposeHeaders = c.exposedHeaders().isEmpty() ? null : String.join(", ", c.exposedHeaders());
        this.credentials = c.allowCredentials();
        this.maxAge = Integer.toString(c.maxAge());
    }

    /** The policy of {@code prefix} ({@code null}: the global one). */
    static CorsPolicy of(CorsConfig c, String prefix) {
        CorsConfig.PrefixPolicy p = prefix == null ? null : c.pathPrefixAllowed().get(prefix);
        List<String> origins = p != null && p.allowedOrigins() != null ? p.allowedOrigins() : c.allowedOrigins();
        List<String> methods = p != null && p.allowedMethods() != null ? p.allowedMethods() : c.allowedMethods();
        return new CorsPolicy(origins, methods, c);
    }

    boolean originAllowed(String origin) {
        return anyOrigin || origins.contains(origin);
    }

    boolean methodAllowed(String method) {
        return methods.contains(method);
    }

    /**
     * The first header of an {@code Access-Control-Request-Headers} list that is not allowed, or
     * {@code null} when all are.
     */
    String firstDisallowedHeader(String requested) {
        if (anyHeader || requested == null) {
            return null;
        }
        int start = 0;
        while (start <= requested.length()) {
            int comma = requested.indexOf(',', start);
            int end = comma < 0 ? requested.length() : comma;
            String name = requested.substring(start, end).trim();
            if (!name.isEmpty() && !headers.contains(name.toLowerCase(Locale.ROOT))) {
                return name;
            }
            start = end + 1;
        }
        return null;
    }
}
