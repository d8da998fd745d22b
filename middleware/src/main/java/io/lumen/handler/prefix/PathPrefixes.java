package io.lumen.handler.prefix;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Path-prefix matching shared by the middleware that has per-prefix config ({@code header},
 * {@code cors}, {@code limit}). A prefix matches whole segments: {@code /v1/pets} matches
 * {@code /v1/pets} and {@code /v1/pets/{petId}}, not {@code /v1/petstore}; {@code /} matches
 * everything. Used at startup (per route) and, for terminal handlers that do not know their route,
 * per request (a loop over a small pre-sorted array, no allocation).
 */
public final class PathPrefixes {
    private PathPrefixes() {
    }

    /** Whether {@code prefix} covers {@code path} segment-wise. */
    public static boolean matches(String prefix, String path) {
        if (prefix.isEmpty() || prefix.equals("/")) {
            return path.startsWith("/");
        }
        String p = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
        return path.startsWith(p) && (path.length() == p.length() || path.charAt(p.length()) == '/');
    }

    /** The keys of {@code byPrefix} that match {@code path}, shortest first (so the longest is applied last). */
    public static <V> List<String> matching(Map<String, V> byPrefix, String path) {
        List<String> hits = new ArrayList<>();
        for (String prefix : byPrefix.keySet()) {
            if (matches(prefix, path)) {
                hits.add(prefix);
            }
        }
        hits.sort(Comparator.comparingInt(String::length));
        return hits;
    }

    /** The longest key of {@code byPrefix} that matches {@code path}, or {@code null}. */
    public static <V> String longest(Map<String, V> byPrefix, String path) {
        List<String> hits = matching(byPrefix, path);
        return hits.isEmpty() ? null : hits.get(hits.size() - 1);
    }

    /**
     * Whether a route template covers paths it does not spell: the default handlers' {@code *} and
     * wildcard routes ({@code /app/*}, a proxy's {@code /*}). Middleware with per-prefix rules decides
     * per request on such routes ({@link PrefixRouted}).
     */
    public static boolean wildcard(String template) {
        return template.equals("*") || template.endsWith("*");
    }

    /** Validates a configured prefix: it must start with {@code /}. */
    public static void check(String key, String prefix) {
        if (prefix == null || !prefix.startsWith("/")) {
            throw new IllegalArgumentException(key + ": a path prefix starts with '/', got '" + prefix + "'");
        }
    }
}
