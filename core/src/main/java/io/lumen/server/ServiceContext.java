package io.lumen.server;

import io.lumen.config.ConfigLoader;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusCatalogue;

import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * What the framework hands to hooks and to handlers created from handler.yml: the config loader,
 * the status catalogue, the error writer, readiness and the executor for blocking work. One per
 * service; thread-safe. Handlers read their config here once, in their constructor.
 */
public interface ServiceContext {
    ConfigLoader config();

    ServerConfig server();

    StatusCatalogue statuses();

    ErrorResponder errors();

    Readiness readiness();

    /**
     * Where blocking handlers run: a virtual-thread-per-task executor on Java 21+ (when
     * {@code blockingExecutor} allows it), or {@code null} for the server's worker pool.
     */
    Executor blockingExecutor();

    /**
     * The one instance of {@code type} in this service, created by {@code factory} on first use:
     * how handlers of one service share a store, a pool or a client without static state. A
     * factory may ask for other shared objects. Shared objects that are {@link AutoCloseable} are
     * closed when the service stops, after in-flight requests have drained, newest first (a store
     * before the pool it was built on).
     */
    <T> T shared(Class<T> type, Supplier<? extends T> factory);
}
