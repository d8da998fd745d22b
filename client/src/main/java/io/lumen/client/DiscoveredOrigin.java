package io.lumen.client;

import io.lumen.client.discovery.Endpoint;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * An origin of {@code discovery.hosts} ({@code http://pets.default.svc.cluster.local:8080}): one
 * {@link OriginPool} per address its name resolves to, requests spread round robin over them
 * (skipping pools whose breaker is open while another is closed). A new set of addresses adds
 * pools; a pool whose address left the set is {@linkplain OriginPool#retire() retired}: it takes no
 * new request and closes once its requests are done. Thread-safe: picks read one volatile array,
 * updates come from the discovery thread.
 */
final class DiscoveredOrigin {
    private static final OriginPool[] NONE = {};

    final String origin;
    private final String scheme;
    private final Function<URI, OriginPool> pools;
    private final AtomicInteger next = new AtomicInteger();
    private volatile OriginPool[] live = NONE;

    /** @param pools makes the pool of one address URI (scheme://address:port) */
    DiscoveredOrigin(String origin, String scheme, Function<URI, OriginPool> pools) {
        this.origin = origin;
        this.scheme = scheme;
        this.pools = pools;
    }

    /** A pool for the next request; {@code avoid} (the one that just failed) only when it is the only one. Null when no address is known. */
    OriginPool pick(OriginPool avoid) {
        OriginPool[] p = live;
        int n = p.length;
        if (n == 0) {
            return null;
        }
        int start = Math.floorMod(next.getAndIncrement(), n);
        OriginPool fallback = null;
        for (int i = 0; i < n; i++) {
            OriginPool candidate = p[(start + i) % n];
            if (candidate == avoid) {
                continue;
            }
            if (candidate.breaker.state() != CircuitBreaker.State.OPEN) {
                return candidate;
            }
            if (fallback == null) {
                fallback = candidate;
            }
        }
        return fallback != null ? fallback : p[start];
    }

    /** The new addresses of the name; returns the pools that left the set (already retired). */
    synchronized List<OriginPool> update(List<Endpoint> endpoints) {
        OriginPool[] old = live;
        List<OriginPool> kept = new ArrayList<>(endpoints.size());
        for (Endpoint e : endpoints) {
            URI uri = URI.create(scheme + "://" + e.uriHost() + ":" + e.port());
            OriginPool same = null;
            for (OriginPool p : old) {
                if (p.address().equals(uri)) {
                    same = p;
                }
            }
            kept.add(same != null ? same : pools.apply(uri));
        }
        List<OriginPool> gone = new ArrayList<>();
        for (OriginPool p : old) {
            if (!kept.contains(p)) {
                p.retire();
                gone.add(p);
            }
        }
        live = kept.toArray(NONE);
        return gone;
    }

    /** The pools in use now. */
    List<OriginPool> pools() {
        return List.of(live);
    }
}
