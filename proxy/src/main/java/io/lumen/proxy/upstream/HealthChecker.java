package io.lumen.proxy.upstream;

import io.lumen.client.LumenClient;
import io.lumen.client.Request;
import io.lumen.proxy.config.ProxyConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Function;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Active health checks: every {@code interval}, a GET of {@code path} on each upstream through
 * Lumen's client (HTTP/1.1, the proxy's TLS settings). {@code unhealthyThreshold} failures in a row
 * take an upstream out; {@code healthyThreshold} passes in a row bring it back. One daemon
 * scheduler thread; the checks themselves are non-blocking.
 */
public final class HealthChecker implements AutoCloseable, Upstreams.Listener {
    private static final Logger LOG = LoggerFactory.getLogger(HealthChecker.class);

    private final ProxyConfig.HealthCheck config;
    private final Function<String, LumenClient> clients;
    private final ScheduledExecutorService scheduler;
    private final Map<Upstream, ScheduledFuture<?>> checks = new ConcurrentHashMap<>();

    /**
     * @param clients the client that checks upstreams whose TLS name is the given one (null: the
     *                plain client, for upstreams verified against their own host); the caller closes them
     */
    public HealthChecker(ProxyConfig.HealthCheck config, Upstreams upstreams, Function<String, LumenClient> clients) {
        this.config = config;
        this.clients = clients;
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "lumen-proxy-health");
            t.setDaemon(true);
            return t;
        });
        upstreams.listen(this);
    }

    /** An upstream joined the set (at start, or found through DNS): checked from now on. */
    @Override
    public void added(Upstream u) {
        Target target = new Target(u, URI.create(u.origin() + config.path()), clients.apply(u.tlsName()));
        if (!scheduler.isShutdown()) {
            checks.put(u, scheduler.scheduleWithFixedDelay(target, 0, config.interval(), TimeUnit.MILLISECONDS));
        }
    }

    /** An upstream left the set: no more checks. */
    @Override
    public void removed(Upstream u) {
        ScheduledFuture<?> f = checks.remove(u);
        if (f != null) {
            f.cancel(false);
        }
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }

    /** One upstream's checks; its counters are touched by one check at a time. */
    private final class Target implements Runnable {
        private final Upstream upstream;
        private final Request request;
        private final LumenClient client;
        private int passes;
        private int failures;
        private boolean running;

        Target(Upstream upstream, URI uri, LumenClient client) {
            this.upstream = upstream;
            this.client = client;
            this.request = Request.get(uri).timeout(Duration.ofMillis(config.timeout())).build();
        }

        @Override
        public synchronized void run() {
            if (running) {
                return; // the previous check has not finished: its timeout will end it
            }
            running = true;
            long started = System.currentTimeMillis();
            client.send(request).whenComplete((response, error) -> {
                boolean ok = error == null && response.status() >= 200 && response.status() < 400;
                if (!ok && LOG.isDebugEnabled()) {
                    LOG.debug("health check of {} failed: {}", upstream, error != null ? error.getMessage() : "status " + response.status());
                }
                record(ok, started);
            });
        }

        private synchronized void record(boolean ok, long started) {
            running = false;
            if (ok) {
                failures = 0;
                upstream.checkPassed(started);
                if (++passes >= config.healthyThreshold()) {
                    upstream.activeResult(true);
                }
            } else {
                passes = 0;
                if (++failures >= config.unhealthyThreshold()) {
                    upstream.activeResult(false);
                }
            }
        }
    }
}
