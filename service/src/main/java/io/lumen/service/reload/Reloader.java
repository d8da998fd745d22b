package io.lumen.service.reload;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import io.lumen.server.RetiredRoot;
import io.lumen.server.ServerConfig;
import io.lumen.service.assembly.ServiceAssembly;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Reloads a running service's configuration. A reload reads every config file again through a
 * {@link ConfigLoader#reread()}, refuses a server.yml that differs from the running one (listeners,
 * TLS and threads belong to the server), {@link ServiceAssembly#rebuild}s the whole service (startup
 * hooks, handlers, routes, shared objects) and only then swaps the root through the
 * {@link RootSwitch}: requests already running finish on the previous generation, whose shared
 * objects close once its last request has ended (or after reload.yml {@code drainTimeout}). Anything
 * wrong before the swap refuses the reload ({@link ReloadRefused}) and closes whatever the new
 * generation had opened; the running generation is never touched.
 *
 * <p>Threads: reloads run one at a time on one daemon thread ({@code lumen-reload}), never on a
 * request's thread; a reload asked for while another waits to start joins it (at most one waits).
 * Each replaced generation is closed by a daemon thread of its own ({@code lumen-retire-<n>}).
 */
public final class Reloader implements ConfigReloads {
    private static final Logger LOG = LoggerFactory.getLogger(Reloader.class);

    private final Function<ConfigLoader, ServerConfig> serverConfig;
    private final ThreadPoolExecutor thread;
    private final Object lock = new Object();
    private final Set<Generation> retiring = ConcurrentHashMap.newKeySet();
    private volatile Generation current; // written under lock
    private RootSwitch root; // guarded by lock
    private CompletableFuture<ReloadReport> waiting; // a reload asked for and not started; guarded by lock
    private boolean stopped; // guarded by lock
    private ConfigWatcher watcher; // guarded by lock

    /**
     * @param serverConfig how this service binds server.yml from a loader (with the adjustments it
     *                     applied at startup, such as free ports in tests), to compare a reload's
     *                     server.yml with the running one
     */
    public Reloader(Function<ConfigLoader, ServerConfig> serverConfig) {
        this.serverConfig = serverConfig;
        this.thread = new ThreadPoolExecutor(1, 1, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "lumen-reload");
            t.setDaemon(true);
            return t;
        });
        thread.allowCoreThreadTimeOut(true);
    }

    /**
     * The service serves {@code first} through {@code root}: reloads may start. Reads reload.yml
     * and, when it says {@code watch: true}, starts watching the config dirs.
     *
     * @throws ConfigException when reload.yml is wrong
     */
    public void serve(ServiceAssembly first, RootSwitch root) {
        ReloadConfig config = ReloadConfig.load(first.context().config());
        synchronized (lock) {
            if (current != null) {
                throw new IllegalStateException("serve is called once");
            }
            this.root = root;
            this.current = new Generation(1, first, config.drainTimeout());
            if (config.watch() && !stopped) {
                watcher = new ConfigWatcher(this, first.context().config().configDirs(), config.watchInterval(),
                        config.debounce());
                watcher.start();
            }
        }
    }

    /** The generation serving now; {@code null} before {@link #serve}. */
    public ServiceAssembly current() {
        Generation g = current;
        return g == null ? null : g.assembly();
    }

    /** The number of the generation serving now: 1 at startup, one more per successful reload; 0 before serving. */
    public long generation() {
        Generation g = current;
        return g == null ? 0 : g.number();
    }

    @Override
    public CompletableFuture<ReloadReport> reload(String trigger) {
        synchronized (lock) {
            if (stopped) {
                return CompletableFuture.failedFuture(ReloadRefused.unavailable("the service is stopping"));
            }
            if (current == null) {
                return CompletableFuture.failedFuture(ReloadRefused.unavailable("the service has not started yet"));
            }
            if (waiting != null) {
                return waiting; // it has not started: it will read the files as they are now too
            }
            CompletableFuture<ReloadReport> result = new CompletableFuture<>();
            waiting = result;
            thread.execute(() -> {
                synchronized (lock) {
                    waiting = null;
                }
                try {
                    result.complete(run(trigger));
                } catch (ReloadRefused e) {
                    result.completeExceptionally(e);
                } catch (RuntimeException | Error e) {
                    LOG.error("configuration reload ({}) failed", trigger, e);
                    result.completeExceptionally(ReloadRefused.failed(generation(), e));
                }
            });
            return result;
        }
    }

    private ReloadReport run(String trigger) {
        long started = System.nanoTime();
        Generation old = current;
        try {
            ReloadReport report = swap(old, build(old), trigger, started);
            LOG.info("configuration reloaded ({}): generation {} serves, {} drains; {} in {} ms", trigger,
                    report.generation(), report.previous(), report.summary(), report.millis());
            return report;
        } catch (ReloadRefused e) {
            if (ReloadRefused.FAILED.equals(e.code())) {
                LOG.warn("configuration reload ({}) refused, generation {} keeps serving: {}", trigger, old.number(),
                        e.getMessage(), e.getCause());
            } else {
                LOG.warn("configuration reload ({}) refused, generation {} keeps serving: {}", trigger, old.number(),
                        e.getMessage());
            }
            throw e;
        }
    }

    /** The next generation, built completely; nothing of it is left open when this throws. */
    private Generation build(Generation old) {
        ConfigLoader fresh = old.assembly().context().config().reread();
        try {
            ServerConfig running = old.assembly().context().server();
            List<String> changed = ServerChanges.between(running, serverConfig.apply(fresh));
            if (!changed.isEmpty()) {
                throw ReloadRefused.needsRestart(old.number(), "server.yml: " + String.join(", ", changed)
                        + " changed; the server's listeners, TLS, threads and"
                        + " limits take a new value only at a restart");
            }
            long drainTimeout = ReloadConfig.load(fresh).drainTimeout();
            return new Generation(old.number() + 1, old.assembly().rebuild(fresh), drainTimeout);
        } catch (ConfigException e) {
            throw ReloadRefused.invalid(old.number(), e);
        } catch (ReloadRefused e) {
            throw e;
        } catch (RuntimeException | LinkageError e) {
            throw ReloadRefused.failed(old.number(), e);
        }
    }

    private ReloadReport swap(Generation old, Generation next, String trigger, long started) {
        RetiredRoot retired;
        synchronized (lock) {
            try {
                if (stopped) {
                    throw new IllegalStateException("the service is stopping");
                }
                retired = root.replace(next.assembly().root());
            } catch (IllegalStateException e) {
                next.close(); // objects kept from the old generation are not its own: they stay open
                throw ReloadRefused.unavailable(e.getMessage());
            }
            old.assembly().handOver(next.assembly());
            current = next;
            retiring.add(old);
        }
        retire(old, retired, next.drainTimeout());
        return ReloadReport.between(old, next, trigger, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }

    /** Closes {@code old}'s shared objects once its last request has finished, on a thread of its own. */
    private void retire(Generation old, RetiredRoot retired, long drainTimeout) {
        Thread t = new Thread(() -> {
            boolean idle;
            try {
                idle = retired.awaitIdle(drainTimeout);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                idle = false;
            }
            if (!idle) {
                LOG.warn("generation {}: {} requests still running after drainTimeout {} ms; closing its shared objects"
                        + " anyway", old.number(), retired.inFlight(), drainTimeout);
            }
            if (old.close()) {
                LOG.info("generation {} closed (its last request finished)", old.number());
            }
            retiring.remove(old);
        }, "lumen-retire-" + old.number());
        t.setDaemon(true);
        t.start();
    }

    /** New reloads are refused from now on (503) and file watching stops; a reload running now is not swapped in. */
    public void stopReloads() {
        synchronized (lock) {
            stopped = true;
            if (watcher != null) {
                watcher.stop();
            }
        }
        thread.shutdown();
    }

    /**
     * Closes the shared objects of every generation still open: those that were draining and the
     * current one. Called at stop, after the server drained.
     */
    public void closeGenerations() {
        stopReloads();
        for (Generation g : retiring) {
            g.close();
        }
        retiring.clear();
        Generation g = current;
        if (g != null) {
            g.close();
        }
    }
}
