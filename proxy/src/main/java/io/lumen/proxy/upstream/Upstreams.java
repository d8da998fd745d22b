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
     *
     * <p>Turns are taken among the candidates themselves (the available upstreams, or for
     * leastOutstanding those with the fewest in flight): the k-th of them, k counting picks. Taking
     * the first candidate at or after a rotating start instead would hand an unavailable or busy
     * upstream's turns to its neighbour, which then gets twice the share of the others.
     */
    public Upstream pick(Upstream avoid) {
        long now = clock.getAsLong();
        int seq = next.getAndIncrement();
        int fewest = -1; // any number in flight
        if (balancing == ProxyConfig.Balancing.LEAST_OUTSTANDING) {
            fewest = Integer.MAX_VALUE;
            for (int i = 0, n = all.size(); i < n; i++) {
                Upstream u = all.get(i);
                if (u != avoid && u.available(now)) {
                    fewest = Math.min(fewest, u.outstanding());
                }
            }
        }
        Upstream chosen = fewest == Integer.MAX_VALUE ? null : nth(avoid, now, fewest, seq);
        if (chosen == null && avoid != null && avoid.available(now)) {
            chosen = avoid;
        }
        if (chosen != null) {
            chosen.started();
        }
        return chosen;
    }

    /** The ({@code seq} mod count)-th candidate: available, not {@code avoid}, with {@code outstanding} in flight unless -1. */
    private Upstream nth(Upstream avoid, long now, int outstanding, int seq) {
        int n = all.size();
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (candidate(all.get(i), avoid, now, outstanding)) {
                count++;
            }
        }
        if (count == 0) {
            return null;
        }
        int k = Math.floorMod(seq, count);
        Upstream any = null;
        for (int i = 0; i < n; i++) {
            Upstream u = all.get(i);
            if (candidate(u, avoid, now, outstanding)) {
                if (k-- == 0) {
                    return u;
                }
                any = u;
            }
        }
        if (any != null) {
            return any; // fewer candidates than counted: other threads moved on meanwhile
        }
        for (int i = 0; i < n; i++) {
            Upstream u = all.get(i);
            if (u != avoid && u.available(now)) {
                return u;
            }
        }
        return null;
    }

    private static boolean candidate(Upstream u, Upstream avoid, long now, int outstanding) {
        return u != avoid && u.available(now) && (outstanding < 0 || u.outstanding() == outstanding);
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
