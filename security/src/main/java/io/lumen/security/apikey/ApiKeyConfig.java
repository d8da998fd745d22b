package io.lumen.security.apikey;

import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.security.password.KeyDigest;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code apikey.yml}, with light-4j's keys ({@code enabled}, {@code hashEnabled}, {@code pathPrefixAuths}
 * with {@code pathPrefix}, {@code headerName}, {@code apiKey}) and Lumen's additions. Every key is
 * optional; unknown keys fail startup.
 *
 * @param enabled         link the middleware into chains (true)
 * @param hashEnabled     keys are stored as digests; only {@code true} is supported (plain keys are refused; light-4j's shipped false with no keys is accepted)
 * @param pathPrefixAuths which key a route prefix needs; the longest matching prefix's entries apply (any one
 *                        of them may match); a route under none passes unchecked, and with none listed (light-4j's shipped default) every route does, with a startup WARN
 */
public record ApiKeyConfig(Boolean enabled, Boolean hashEnabled, List<PathPrefixAuth> pathPrefixAuths) {

    public ApiKeyConfig {
        enabled = enabled == null || enabled;
        pathPrefixAuths = pathPrefixAuths == null ? List.of() : List.copyOf(pathPrefixAuths);
        // light-4j's shipped apikey.yml: hashEnabled false and no pathPrefixAuths, which checks no path
        if (hashEnabled != null && !hashEnabled && !pathPrefixAuths.isEmpty()) {
            throw new IllegalArgumentException("hashEnabled: false (plain keys in the config) is not supported; "
                    + "store each key as sha256:<hex>");
        }
        hashEnabled = true;
        if (pathPrefixAuths.stream().anyMatch(a -> a == null)) {
            throw new IllegalArgumentException("pathPrefixAuths: an entry is empty");
        }
    }

    /**
     * The key a path prefix takes.
     *
     * @param pathPrefix the route path prefix (whole segments)
     * @param headerName the request header carrying the key
     * @param queryName  or the query parameter (a key in a URL ends up in logs: prefer a header)
     * @param cookieName or the cookie
     * @param apiKey     the key's stored form, {@code sha256:<64 hex digits>}
     * @param apiKeys    more stored keys (rotation: old and new at once)
     * @param clientId   set as the request's client id when this entry matches (for {@code limit key: client})
     */
    public record PathPrefixAuth(String pathPrefix, String headerName, String queryName, String cookieName, String apiKey,
                                 List<String> apiKeys, String clientId) {
        public PathPrefixAuth {
            PathPrefixes.check("pathPrefixAuths.pathPrefix", pathPrefix);
            String where = "pathPrefixAuths " + pathPrefix + ": ";
            int sources = (blank(headerName) ? 0 : 1) + (blank(queryName) ? 0 : 1) + (blank(cookieName) ? 0 : 1);
            if (sources != 1) {
                throw new IllegalArgumentException(where + "set exactly one of headerName, queryName and cookieName");
            }
            headerName = blank(headerName) ? null : headerName.trim();
            queryName = blank(queryName) ? null : queryName.trim();
            cookieName = blank(cookieName) ? null : cookieName.trim();
            List<String> keys = new ArrayList<>();
            if (!blank(apiKey)) {
                keys.add(apiKey.trim());
            }
            if (apiKeys != null) {
                apiKeys.forEach(k -> keys.add(k == null ? "" : k.trim()));
            }
            if (keys.isEmpty()) {
                throw new IllegalArgumentException(where + "set apiKey (or apiKeys)");
            }
            for (String k : keys) {
                try {
                    KeyDigest.parse(k);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(where + e.getMessage());
                }
            }
            apiKey = keys.get(0);
            apiKeys = List.copyOf(keys);
            clientId = blank(clientId) ? null : clientId.trim();
        }

        /** Where the key is read from, for messages: {@code header X-Api-Key}. */
        public String source() {
            return headerName != null ? "header " + headerName : queryName != null ? "query parameter " + queryName
                    : "cookie " + cookieName;
        }

        @Override
        public String toString() {
            return "PathPrefixAuth[" + pathPrefix + ", " + source() + ", " + apiKeys.size() + " key(s)]"; // no digests
        }

        private static boolean blank(String s) {
            return s == null || s.isBlank();
        }
    }
}
