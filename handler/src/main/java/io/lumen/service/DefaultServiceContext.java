package io.lumen.service;

import io.lumen.config.ConfigLoader;
import io.lumen.server.Readiness;
import io.lumen.server.ServerConfig;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusCatalogue;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/** The one {@link ServiceContext} of a running service. */
final class DefaultServiceContext implements ServiceContext {
    private final ConfigLoader config;
    private final ServerConfig server;
    private final StatusCatalogue statuses;
    private final ErrorResponder errors;
    private final Readiness readiness;
    private final Executor blockingExecutor;
    private final Map<Class<?>, Object> shared = new ConcurrentHashMap<>();
    private final Map<Class<?>, Object> provided = new ConcurrentHashMap<>(); // owned by the embedding application

    DefaultServiceContext(ConfigLoader config, ServerConfig server, StatusCatalogue statuses, ErrorResponder errors,
                          Readiness readiness, Executor blockingExecutor) {
        this.config = config;
        this.server = server;
        this.statuses = statuses;
        this.errors = errors;
        this.readiness = readiness;
        this.blockingExecutor = blockingExecutor;
    }

    @Override public ConfigLoader config() { return config; }
    @Override public ServerConfig server() { return server; }
    @Override public StatusCatalogue statuses() { return statuses; }
    @Override public ErrorResponder errors() { return errors; }
    @Override public Readiness readiness() { return readiness; }
    @Override public Executor blockingExecutor() { return blockingExecutor; }

    @Override
    public <T> T shared(Class<T> type, Supplier<? extends T> factory) {
        return type.cast(shared.computeIfAbsent(type, k -> factory.get()));
    }

    /** Puts an object the embedding application provides before anything asks for {@code type}. */
    void preset(Class<?> type, Object value) {
        shared.put(type, value);
        provided.put(type, value);
    }

    /**
     * Closes every shared object that is {@link AutoCloseable} (pools, clients, health checkers),
     * except those the embedding application provided (it closes its own); called once at stop.
     */
    void closeShared() {
        for (Map.Entry<Class<?>, Object> entry : shared.entrySet()) {
            Object o = entry.getValue();
            if (o instanceof AutoCloseable c && provided.get(entry.getKey()) != o) {
                try {
                    c.close();
                } catch (Exception e) {
                    org.slf4j.LoggerFactory.getLogger(DefaultServiceContext.class)
                            .warn("closing {} failed: {}", o.getClass().getName(), e.toString());
                }
            }
        }
        shared.clear();
    }
}
