package io.lumen.handler;

/**
 * Marks a handler or middleware that blocks (JDBC, blocking streams, sleeps). The chain engine
 * moves the request off the IO thread once, just before the first blocking link of a route: to
 * virtual threads on Java 21+ (server.yml {@code blockingExecutor: auto|virtual}) or to the worker
 * pool. The exchange is put in blocking mode, so {@code getInputStream()} may be used.
 */
public interface Blocking {
    /**
     * Whether this instance blocks: read once, when the chain is linked at startup. A handler whose
     * work depends on its config (a store kept in memory or in a database) answers for the
     * configuration it was built with; the default is true.
     */
    default boolean blocks() {
        return true;
    }
}
