package io.lumen.proxy.upstream;

import io.lumen.client.pool.ConnectionPool;
import io.lumen.proxy.config.ProxyConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.ssl.XnioSsl;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The upstreams of one proxy and the choice between them: round robin, or the fewest requests in
 * flight (ties broken round robin), skipping upstreams that failed their health checks, are
 * ejected, draining or removed. Also holds the retry budget. Thread-safe.
 *
 * <p>The set changes while requests run: each configured host is a <em>group</em> of upstreams, one
 * for a fixed address, one per address for a host found through DNS ({@link #replace}). A request
 * reads the current set once (one volatile read); an upstream that leaves the set is
 * {@linkplain Upstream#retire() retired}: it gets no new request, its requests in flight finish on
 * their connections, and its pool closes after the last. Changes take a lock; picks never do.
 */
public final class Upstreams implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Upstreams.class);

    /** Told about upstreams that join or leave the set (the health checker); called under the set's lock. */
    interface Listener {
        void added(Upstream upstream);

        void removed(Upstream upstream);
    }

    private final ConnectionPool.Settings pools;
    private final Function<String, XnioSsl> namedSsl;
    private final ProxyConfig.Ejection ejection;
    private final ProxyConfig.Balancing balancing;
    private final RetryLimiter retries;
    private final LongSupplier clock;
    private final AtomicInteger next = new AtomicInteger();
    private final Object lock = new Object();
    /** Configured host -> its upstreams; guarded by {@link #lock}. */
    private final Map<String, List<Upstream>> groups = new LinkedHashMap<>();
    private final List<Listener> listeners = new ArrayList<>();
    private volatile List<Upstream> all = List.of();
    private boolean closed;

    /** @param namedSsl TLS whose handshake names a discovered name (null without https upstreams) */
    public Upstreams(ConnectionPool.Settings pools, ProxyConfig config, LongSupplier clock, Function<String, XnioSsl> namedSsl) {
        this.pools = pools;
        this.namedSsl = namedSsl;
        this.ejection = config.ejection();
        this.balancing = config.balancing();
        this.retries = new RetryLimiter(config.retryBudget().percent(), config.retryBudget().minPerSecond(), clock);
        this.clock = clock;
    }

    /** The current set (an immutable snapshot). */
    public List<Upstream> all() {
        return all;
    }

    public RetryLimiter retries() {
        return retries;
    }

    /** Adds a listener and tells it about the current set. */
    void listen(Listener listener) {
        synchronized (lock) {
            listeners.add(listener);
            for (Upstream u : all) {
                listener.added(u);
            }
        }
    }

    /**
     * Makes {@code uris} the upstreams of {@code group} (a configured host): an address already there
     * keeps its upstream (pool, counters, health), a new one gets a new upstream, one no longer
     * listed is retired. {@code hostHeader} is the Host a rewritten request carries (the configured
     * name and port, not the address); {@code tlsName} the name an https address's certificate is
     * checked against (null: the address itself).
     */
    void replace(String group, String hostHeader, String tlsName, List<URI> uris) {
        synchronized (lock) {
            if (closed) {
                return;
            }
            List<Upstream> old = groups.getOrDefault(group, List.of());
            List<Upstream> kept = new ArrayList<>();
            for (URI uri : uris) {
                Upstream same = null;
                for (Upstream u : old) {
                    if (u.uri().equals(uri)) {
                        same = u;
                    }
                }
                if (same == null) {
                    boolean named = tlsName != null && uri.getScheme().equals("https") && namedSsl != null;
                    same = new Upstream(uri, hostHeader, named ? tlsName : null,
                            named ? pools.withSsl(namedSsl.apply(tlsName)) : pools,
                            ejection.consecutiveFailures(), ejection.ejectTime());
                    for (Listener l : listeners) {
                        l.added(same);
                    }
                }
                kept.add(same);
            }
            for (Upstream u : old) {
                if (!kept.contains(u)) {
                    for (Listener l : listeners) {
                        l.removed(u);
                    }
                    u.retire();
                    LOG.info("upstream {} removed: it drains ({} request(s) in flight) and gets nothing new", u, u.outstanding());
                }
            }
            groups.put(group, List.copyOf(kept));
            List<Upstream> flat = new ArrayList<>();
            for (List<Upstream> g : groups.values()) {
                flat.addAll(g);
            }
            all = List.copyOf(flat);
        }
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
        List<Upstream> all = this.all;
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
        Upstream chosen = fewest == Integer.MAX_VALUE ? null : nth(all, avoid, now, fewest, seq);
        if (chosen == null && avoid != null && avoid.available(now)) {
            chosen = avoid;
        }
        if (chosen != null) {
            chosen.started();
        }
        return chosen;
    }

    /** The ({@code seq} mod count)-th candidate: available, not {@code avoid}, with {@code outstanding} in flight unless -1. */
    private static Upstream nth(List<Upstream> all, Upstream avoid, long now, int outstanding, int seq) {
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
        synchronized (lock) {
            closed = true;
            for (Upstream u : all) {
                u.pool().close();
            }
        }
    }
}
