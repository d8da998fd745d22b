package io.lumen.server;

/**
 * Runs once before the listeners open, in {@link java.util.ServiceLoader} order. Register an
 * implementation in {@code META-INF/services/io.lumen.server.StartupHook}. Throwing stops startup
 * (the service exits 1 with the exception's message).
 */
public interface StartupHook {
    void onStartup(ServiceContext context) throws Exception;
}
