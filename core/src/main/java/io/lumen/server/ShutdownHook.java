package io.lumen.server;

/**
 * Runs once at shutdown, after in-flight requests have drained (or the graceful period ran out)
 * and before the server stops. Register in {@code META-INF/services/io.lumen.server.ShutdownHook}.
 * An exception is logged and the remaining hooks still run.
 */
public interface ShutdownHook {
    void onShutdown(ServiceContext context) throws Exception;
}
