package io.lumen.service.assembly;

import io.lumen.config.ConfigLoader;
import io.lumen.server.Readiness;
import io.lumen.server.ServerConfig;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusCatalogue;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * The {@link ServiceContext} of one configuration generation of a service: one at startup, a new one
 * per reload. Thread-safe.
 */
final class DefaultServiceContext implements ServiceContext {
    private final ConfigLoader config;
    private final ServerConfig server;
    private final StatusCatalogue statuses;
    private final ErrorResponder errors;
    private final Readiness readiness;
    private final Executor blockingExecutor;
    /** In creation order; guarded by itself. A lock, not a ConcurrentHashMap.computeIfAbsent: a
     *  factory may itself ask for another shared object (a store for its pool), which computeIfAbsent
     *  forbids. Only handler constructors and hooks call {@link #shared}, never a request. */
    private final Map<Class<?>, Object> shared = new LinkedHashMap<>();
    /** Objects the embedding application provided (guarded by {@code shared}): it closes them, not Lumen. */
    private final Map<Class<?>, Object> provided = new LinkedHashMap<>();

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
        synchronized (shared) {
            Object existing = shared.get(type);
            if (existing != null) {
                return type.cast(existing);
            }
            T created = factory.get(); // may call shared() for what it needs: the lock is reentrant
            if (created == null) {
                throw new IllegalStateException("the factory of shared " + type.getName() + " returned null");
            }
            Object raced = shared.putIfAbsent(type, created);
            return type.cast(raced == null ? created : raced);
        }
    }

    /** Puts an object the embedding application provides before anything asks for {@code type}. */
    void preset(Class<?> type, Object value) {
        synchronized (shared) {
            shared.put(type, value);
            provided.put(type, value);
        }
    }

    /** The shared object of {@code type}, or {@code null}: creates nothing. */
    Object peek(Class<?> type) {
        synchronized (shared) {
            return shared.get(type);
        }
    }

    /**
     * Stops owning the shared object of {@code type} (a reload's next generation takes it over), so
     * {@link #closeShared()} leaves it open; false when this context did not own it.
     */
    boolean release(Class<?> type) {
        synchronized (shared) {
            Object value = shared.get(type);
            if (value == null || provided.get(type) == value) {
                return false;
            }
            provided.put(type, value);
            return true;
        }
    }

    /** Starts owning the preset object of {@code type} (handed over by the previous generation). */
    void adopt(Class<?> type) {
        synchronized (shared) {
            provided.remove(type);
        }
    }

    /**
     * Closes every shared object that is {@link AutoCloseable} (pools, clients, health checkers),
     * newest first, so an object closes before what it was built on (a store before its pool),
     * except those the embedding application provided (it closes its own) or this generation handed
     * over to the next; called when the service stops, or when a reload retired this generation.
     */
    void closeShared() {
        List<Object> objects = new ArrayList<>();
        synchronized (shared) {
            for (Map.Entry<Class<?>, Object> e : shared.entrySet()) {
                if (provided.get(e.getKey()) != e.getValue()) {
                    objects.add(e.getValue());
                }
            }
            shared.clear();
            provided.clear();
        }
        Collections.reverse(objects);
        for (Object o : objects) {
            if (o instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception e) {
                    LoggerFactory.getLogger(DefaultServiceContext.class)
                            .warn("closing {} failed: {}", o.getClass().getName(), e.toString());
                }
            }
        }
    }
}
