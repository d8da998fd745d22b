package io.lumen.handler.router;

import io.lumen.path.PathTemplate;
import io.undertow.server.HttpHandler;
import io.undertow.util.HttpString;

/**
 * A routed method and template with its linked chain.
 *
 * @param origin where the route was declared, for messages (e.g. {@code handler.yml:17})
 */
public record Route(HttpString method, PathTemplate template, HttpHandler handler, String origin) {
}
