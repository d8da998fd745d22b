package io.lumen.proxy.upstream;

import io.lumen.proxy.ProxyConfig;

import java.net.URI;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * The upstreams of one proxy and the choice between them: round robin, or the fewest requests in
 * flight (ties broken round robin), skipping upstreams that failed their health checks or are
 * ejected. Also holds the retry budget. Thread-safe.
 */
public final class Upstreams implements AutoCloseable {
    private final List<Upstream> all;
    private final ProxyConfig.Balancing balancing;
    private final RetryLimiter retries;
    private final LongSupplier clock;
    private final AtomicInteger next = new AtomicInteger();

    public Upstreams(List<URI> uris, ConnectionPool.Settings pools, ProxyConfig config, LongSupplier clock) {
        this.all = uris.stream().map(u -> new Upstream(u, pools, config.ejection().consecutiveFailures(),
                config.ejection().ejectTime())).toList();
        this.balancing = config.balancing();
        this.retries = new RetryLimiter(config.retryBudget().percent(), config.retryBudget().minPerSecond(), clock);
        this.clock = clock;
    }

    public List<Upstream> all() {
        return all;
    }

    public RetryLimiter retries() {
        return retries;
    }

    /**
     * The upstream for the next attempt, counted as having one more request in flight (undo with
     * {@link #done}); {@code avoid} (the one that just failed) is taken only when no other is
     * available. Null when none is available.
     */
    public Upstream pick(Upstream avoid) {
        long now = clock.getAsLong();
        int n = all.size();
        int start = Math.floorMod(next.getAndIncrement(), n);
        Upstream chosen = null;
        for (int i = 0; i < n; i++) {
            Upstream u = all.get((start + i) % n);
            if (u == avoid || !u.available(now)) {
                continue;
            }
            if (balancing == ProxyConfig.Balancing.ROUND_ROBIN) {
                chosen = u;
                break;
            }
            if (chosen == null || u.outstanding() < chosen.outstanding()) {
                chosen = u;
            }
        }
        if (chosen == null && avoid != null && avoid.available(now)) {
            chosen = avoid;
        }
        if (chosen != null) {
            chosen.started();
        }
        return chosen;
    }

    /** The request picked from {@code u} is over (answered or failed). */
    public void done(Upstream u) {
        u.ended();
    }

    @Override
    public void close() {
        for (Upstream u : all) {
            u.pool().close();
        }
    }
}
