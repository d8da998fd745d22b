package io.lumen.client;

import io.lumen.client.discovery.Endpoint;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * An origin of {@code discovery.hosts} ({@code http://pets.default.svc.cluster.local:8080}): one
 * {@link Origin} per address its name resolves to, requests spread round robin over them
 * (skipping addresses whose breaker is open while another's is closed). A new set of addresses
 * adds origins; one whose address left the set is {@linkplain Origin#retire() retired}: it takes
 * no new request and closes once its requests are done. Thread-safe: picks read one volatile array,
 * updates come from the discovery thread.
 */
final class DiscoveredOrigin {
    private static final Origin[] NONE = {};

    final String origin;
    private final String scheme;
    private final Function<URI, Origin> make;
    private final AtomicInteger next = new AtomicInteger();
    private volatile Origin[] live = NONE;

    /** @param make makes the origin of one address URI (scheme://address:port) */
    DiscoveredOrigin(String origin, String scheme, Function<URI, Origin> make) {
        this.origin = origin;
        this.scheme = scheme;
        this.make = make;
    }

    /** The address for the next request; {@code avoid} (the one that just failed) only when it is the only one. Null when no address is known. */
    Origin pick(Origin avoid) {
        Origin[] p = live;
        int n = p.length;
        if (n == 0) {
            return null;
        }
        int start = Math.floorMod(next.getAndIncrement(), n);
        Origin fallback = null;
        for (int i = 0; i < n; i++) {
            Origin candidate = p[(start + i) % n];
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

    /** The new addresses of the name; returns the addresses that left the set (already retired). */
    synchronized List<Origin> update(List<Endpoint> endpoints) {
        Origin[] old = live;
        List<Origin> kept = new ArrayList<>(endpoints.size());
        for (Endpoint e : endpoints) {
            URI uri = URI.create(scheme + "://" + e.uriHost() + ":" + e.port());
            Origin same = null;
            for (Origin p : old) {
                if (p.address().equals(uri)) {
                    same = p;
                }
            }
            kept.add(same != null ? same : make.apply(uri));
        }
        List<Origin> gone = new ArrayList<>();
        for (Origin p : old) {
            if (!kept.contains(p)) {
                p.retire();
                gone.add(p);
            }
        }
        live = kept.toArray(NONE);
        return gone;
    }

    /** The addresses in use now. */
    List<Origin> live() {
        return List.of(live);
    }
}
