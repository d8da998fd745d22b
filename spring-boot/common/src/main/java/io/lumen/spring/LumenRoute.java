package io.lumen.spring;

import java.util.List;
import java.util.Locale;

/**
 * The handler.yml route a request matched: what a controller behind the {@code spring} terminal
 * can learn about the Lumen chain that ran before it. Immutable.
 *
 * @param method the route's method in upper case, or {@code *} for {@code defaultHandlers}
 * @param path   the route's template as declared, e.g. {@code /v1/pets/{petId}}, or {@code *}
 * @param chain  the chain's link names in order, disabled middleware dropped
 * @param origin where the route is declared, e.g. {@code /app/config/handler.yml:14}
 */
public record LumenRoute(String method, String path, List<String> chain, String origin) {
    public LumenRoute {
        chain = List.copyOf(chain);
    }

    /** {@code path@method} with the method in lower case, as Lumen's metrics and audit name it. */
    public String endpoint() {
        return path + "@" + method.toLowerCase(Locale.ROOT);
    }
}
