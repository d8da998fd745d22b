package io.lumen.spring.embed;

import io.lumen.spring.LumenRoute;
import io.undertow.util.AttachmentKey;

/**
 * Attached to every exchange a handler.yml route (or {@code defaultHandlers}) took: which route,
 * and whether Lumen's metrics middleware counts the request (then Spring's own request
 * observation leaves it alone, so a request is counted once).
 *
 * @param route   the route
 * @param metered the route's chain holds Lumen's {@code metrics} middleware
 */
public record RouteMark(LumenRoute route, boolean metered) {
    /** Set before the route's chain runs. */
    public static final AttachmentKey<RouteMark> KEY = AttachmentKey.create(RouteMark.class);
}
