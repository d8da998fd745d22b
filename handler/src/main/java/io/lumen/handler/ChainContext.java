package io.lumen.handler;

import java.util.List;
import java.util.Locale;

/**
 * Where a middleware is being linked, known at startup: the route and the whole chain.
 *
 * @see Middleware#wrap(ChainContext, io.undertow.server.HttpHandler)
 */
public interface ChainContext {
    /** The route's method in upper case, or {@code *} for the default handlers. */
    String method();

    /** The route's path template as declared, e.g. {@code /v1/pets/{petId}}, or {@code *}. */
    String path();

    /** {@code path@method} in lower-case method, e.g. {@code /v1/pets/{petId}@get}; for metrics and audit. */
    default String endpoint() {
        return path() + "@" + method().toLowerCase(Locale.ROOT);
    }

    /** The names of every link of this route's chain, in order, after disabled middleware was dropped. */
    List<String> chain();

    /**
     * Who turns exceptions into responses at this point of the chain: the nearest earlier
     * middleware that is a {@link FailureHandler} (the exception middleware), else the server's
     * last-resort guard.
     */
    FailureHandler failures();
}
