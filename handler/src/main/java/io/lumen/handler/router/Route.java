package io.lumen.handler.router;

import io.lumen.path.PathTemplate;
import io.undertow.server.HttpHandler;
import io.undertow.util.HttpString;

import java.util.List;

/**
 * A routed method and template with its linked chain.
 *
 * @param origin where the route was declared, for messages (e.g. {@code handler.yml:17})
 * @param chain  the names of the chain's links in order, disabled middleware dropped (e.g.
 *               {@code [exception, metrics, petsGet]}); for logs and for listing routes
 */
public record Route(HttpString method, PathTemplate template, HttpHandler handler, String origin, List<String> chain) {
    public Route {
        chain = chain == null ? List.of() : List.copyOf(chain);
    }

    /** A route whose chain names are not known (built by hand, as in tests). */
    public Route(HttpString method, PathTemplate template, HttpHandler handler, String origin) {
        this(method, template, handler, origin, List.of());
    }
}
