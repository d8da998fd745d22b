package io.lumen.handler.header;

import io.lumen.handler.prefix.PathPrefixes;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code header.yml}, light-4j's keys. Every key is optional.
 *
 * @param enabled          link the middleware into chains (true)
 * @param request          rules for request headers, applied before the rest of the chain runs
 * @param response         rules for response headers, applied to the final response
 * @param pathPrefixHeader more rules per path prefix ({@code /v1/pets: {request: ..., response: ...}});
 *                         every prefix matching a route applies after the global rules, longest last
 */
public record HeaderConfig(Boolean enabled, Rules request, Rules response, Map<String, PrefixRules> pathPrefixHeader) {

    public HeaderConfig {
        enabled = enabled == null || enabled;
        request = request == null ? Rules.NONE : request;
        response = response == null ? Rules.NONE : response;
        Map<String, PrefixRules> prefixes = new LinkedHashMap<>();
        if (pathPrefixHeader != null) {
            pathPrefixHeader.forEach((prefix, rules) -> {
                PathPrefixes.check("pathPrefixHeader", prefix);
                prefixes.put(prefix, rules == null ? new PrefixRules(null, null) : rules);
            });
        }
        pathPrefixHeader = Map.copyOf(prefixes);
    }

    /**
     * What to do with headers of one direction.
     *
     * @param remove header names to remove
     * @param update header names and the value each is set to (replacing any value it had)
     */
    public record Rules(List<String> remove, Map<String, String> update) {
        static final Rules NONE = new Rules(null, null);

        public Rules {
            remove = remove == null ? List.of() : List.copyOf(remove.stream().map(Rules::name).toList());
            Map<String, String> u = new LinkedHashMap<>();
            if (update != null) {
                update.forEach((name, value) -> {
                    if (value == null) {
                        throw new IllegalArgumentException("update: header '" + name + "' has no value; to drop it use remove");
                    }
                    u.put(name(name), value);
                });
            }
            update = Collections.unmodifiableMap(u);
        }

        private static String name(String name) {
            if (name == null || name.isBlank() || name.chars().anyMatch(c -> c <= ' ' || c == ':' || c >= 127)) {
                throw new IllegalArgumentException("'" + name + "' is not a valid header name");
            }
            return name.trim();
        }
    }

    /** The request and response rules of one path prefix. */
    public record PrefixRules(Rules request, Rules response) {
        public PrefixRules {
            request = request == null ? Rules.NONE : request;
            response = response == null ? Rules.NONE : response;
        }
    }
}
