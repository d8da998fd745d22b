package io.lumen.handler;

import io.undertow.server.HttpHandler;

/**
 * A link of a chain: exception, correlation, metrics, cors, ... Declared in handler.yml like any
 * handler, instantiated once (with a public {@code (ServiceContext)} or no-arg constructor, where
 * it reads its {@code <name>.yml}), then asked to {@link #wrap} the rest of each chain it appears
 * in. What {@code wrap} returns runs on the IO thread for every request of that route.
 *
 * <p>Implementations are thread-safe; the returned handlers must not block unless the middleware
 * also implements {@link Blocking}.
 */
public interface Middleware {

    /**
     * Links this middleware in front of {@code next} for the route described by {@code context}.
     * Called once per route at startup: do per-route work (resolve counters, pre-encode headers)
     * here, not per request.
     */
    HttpHandler wrap(ChainContext context, HttpHandler next);

    /** Disabled middleware is dropped from every chain at startup. */
    default boolean isEnabled() {
        return true;
    }
}
