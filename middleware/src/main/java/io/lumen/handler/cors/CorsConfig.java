package io.lumen.handler.cors;

import io.lumen.handler.prefix.PathPrefixes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code cors.yml}. Every key is optional; with no {@code allowedOrigins} no origin is allowed.
 *
 * @param enabled           link the middleware into chains (true)
 * @param allowedOrigins    exact origins such as {@code https://app.example.com}, or {@code *} for any ([])
 * @param allowedMethods    methods a preflight may ask for ([GET, HEAD, POST, PUT, DELETE, PATCH])
 * @param allowedHeaders    request headers a preflight may ask for, case-insensitive; {@code *} allows any ([*])
 * @param exposedHeaders    response headers the browser may show to scripts ([])
 * @param allowCredentials  send {@code Access-Control-Allow-Credentials: true} (false); not with origin {@code *}
 * @param maxAge            seconds a browser may cache a preflight answer (3600)
 * @param pathPrefixAllowed per path prefix, other {@code allowedOrigins} and/or {@code allowedMethods};
 *                          the longest prefix matching a route wins
 */
public record CorsConfig(Boolean enabled, List<String> allowedOrigins, List<String> allowedMethods,
                         List<String> allowedHeaders, List<String> exposedHeaders, Boolean allowCredentials,
                         Integer maxAge, Map<String, PrefixPolicy> pathPrefixAllowed) {

    static final List<String> DEFAULT_METHODS = List.of("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH");

    public CorsConfig {
        enabled = enabled == null || enabled;
        allowCredentials = allowCredentials != null && allowCredentials;
        allowedOrigins = origins("allowedOrigins", allowedOrigins, allowCredentials);
        allowedMethods = allowedMethods == null ? DEFAULT_METHODS : methods("allowedMethods", allowedMethods);
        allowedHeaders = allowedHeaders == null ? List.of("*") : tokens("allowedHeaders", allowedHeaders);
        exposedHeaders = exposedHeaders == null ? List.of() : tokens("exposedHeaders", exposedHeaders);
        maxAge = maxAge == null ? 3600 : maxAge;
        if (maxAge < 0) {
            throw new IllegalArgumentException("maxAge must be 0 or more seconds, got " + maxAge);
        }
        Map<String, PrefixPolicy> prefixes = new LinkedHashMap<>();
        if (pathPrefixAllowed != null) {
            for (Map.Entry<String, PrefixPolicy> e : pathPrefixAllowed.entrySet()) {
                PathPrefixes.check("pathPrefixAllowed", e.getKey());
                PrefixPolicy p = e.getValue() == null ? new PrefixPolicy(null, null) : e.getValue();
                if (p.allowedOrigins() != null) {
                    origins("pathPrefixAllowed." + e.getKey() + ".allowedOrigins", p.allowedOrigins(), allowCredentials);
                }
                prefixes.put(e.getKey(), p);
            }
        }
        pathPrefixAllowed = Map.copyOf(prefixes);
    }

    /**
     * The override of one path prefix; a missing key keeps the global value.
     *
     * @param allowedOrigins origins allowed under the prefix
     * @param allowedMethods methods allowed under the prefix
     */
    public record PrefixPolicy(List<String> allowedOrigins, List<String> allowedMethods) {
        public PrefixPolicy {
            allowedOrigins = allowedOrigins == null ? null : List.copyOf(allowedOrigins);
            allowedMethods = allowedMethods == null ? null : methods("allowedMethods", allowedMethods);
        }
    }

    private static List<String> origins(String key, List<String> origins, boolean credentials) {
        if (origins == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String o : origins) {
            String origin = o == null ? "" : o.trim();
            if (origin.equals("*")) {
                if (credentials) {
                    throw new IllegalArgumentException(key + ": origin '*' cannot be combined with allowCredentials: true "
                            + "(browsers refuse credentials for any origin); list the allowed origins instead");
                }
            } else {
                int scheme = origin.indexOf("://");
                if (scheme <= 0 || origin.length() == scheme + 3 || origin.indexOf('/', scheme + 3) >= 0) {
                    throw new IllegalArgumentException(key + ": an origin is scheme://host[:port] with no path "
                            + "or trailing slash, or '*'; got '" + origin + "'");
                }
            }
            out.add(origin);
        }
        return List.copyOf(out);
    }

    private static List<String> methods(String key, List<String> methods) {
        List<String> out = new ArrayList<>();
        for (String m : tokens(key, methods)) {
            out.add(m.toUpperCase(Locale.ROOT));
        }
        return List.copyOf(out);
    }

    private static List<String> tokens(String key, List<String> values) {
        List<String> out = new ArrayList<>();
        for (String v : values) {
            String t = v == null ? "" : v.trim();
            if (t.isEmpty() || t.chars().anyMatch(c -> c <= ' ' || c == ',' || c >= 127)) {
                throw new IllegalArgumentException(key + ": '" + v + "' is not a valid token");
            }
            out.add(t);
        }
        return List.copyOf(out);
    }
}
