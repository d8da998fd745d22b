package io.lumen.client;

import io.lumen.client.discovery.DiscoveryConfig;
import io.lumen.client.discovery.DnsDiscovery;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.XnioExecutor;

import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The origin pools of one {@link LumenClient}: one per origin, made on first use and kept for the
 * client's life; for the origins of {@code discovery.hosts}, one per address their name resolves
 * to (kept under {@code origin@address}), dropped once an address that left DNS has drained. Runs
 * the two periodic tasks on one client IO thread: the deadline tick that times requests out and
 * the idle sweep.
 *
 * <p>Thread-safe: the pool map is concurrent, the discovered origins are fixed after construction,
 * and the tasks' scratch list is touched only by the tick's IO thread.
 */
final class Origins {
    private static final Logger LOG = LoggerFactory.getLogger(LumenClient.class);
    /** How often request deadlines are checked: timeouts fire up to this late. */
    static final long TICK_MS = 10;

    private final ClientContext context;
    private final ClientTransport transport;
    private final ClientConfig.Request settings;
    private final LongSupplier clock;
    private final ConcurrentHashMap<String, OriginPool> pools = new ConcurrentHashMap<>();
    /** Origins of discovery.hosts, by origin; fixed after construction (empty when discovery is off). */
    private final Map<String, DiscoveredOrigin> discovered;
    private final DnsDiscovery discovery;
    private final XnioExecutor.Key sweeper;
    private final XnioExecutor.Key ticker;
    private final ArrayList<Call> expired = new ArrayList<>();

    /** Starts the tasks and, with discovery on, resolves every name of {@code discovery.hosts} once. */
    Origins(ClientContext context) {
        this.context = context;
        this.transport = context.transport;
        this.settings = context.settings;
        this.clock = context.clock();
        ClientConfig config = context.config;
        long interval = Math.max(10, Math.min(1000, Math.min(settings.idleTimeout(), settings.connectionExpireTime()) / 2));
        this.sweeper = transport.worker().getIoThread().executeAtInterval(this::sweep, interval, TimeUnit.MILLISECONDS);
        this.ticker = transport.worker().getIoThread().executeAtInterval(this::expireTimeouts, TICK_MS, TimeUnit.MILLISECONDS);
        DiscoveryConfig d = config.discovery();
        if (d.enabled() && !d.hosts().isEmpty()) {
            this.discovery = new DnsDiscovery(d, "lumen-client-dns");
            Map<String, DiscoveredOrigin> map = new LinkedHashMap<>();
            for (String entry : d.hosts()) {
                URI u = ClientConfig.discoveredOrigin(entry);
                String origin = Request.get(u).build().origin();
                String scheme = u.getScheme();
                int port = u.getPort() == -1 ? (scheme.equals("https") ? 443 : 80) : u.getPort();
                DiscoveredOrigin o = new DiscoveredOrigin(origin, scheme, address -> addressPool(origin, u.getHost(), address));
                map.put(origin, o);
                discovery.watch(u.getHost(), scheme, port, o::update); // resolves once now, then as TTLs run out
            }
            this.discovered = Map.copyOf(map);
        } else {
            this.discovery = null;
            this.discovered = Map.of();
        }
    }

    /** The discovered origin {@code origin} names, or null when it is not under discovery. */
    DiscoveredOrigin discovered(String origin) {
        return discovered.isEmpty() ? null : discovered.get(origin);
    }

    /** The pool of an origin not under discovery, made on first use. */
    OriginPool pool(Request request) {
        OriginPool pool = pools.get(request.origin());
        if (pool == null) {
            pool = pools.computeIfAbsent(request.origin(), o -> transport.originPool(context, request));
        }
        return pool;
    }

    /** The pool of an origin not under discovery when one exists, else null. */
    OriginPool existing(String origin) {
        return pools.get(origin);
    }

    private OriginPool addressPool(String origin, String name, URI address) {
        OriginPool p = transport.addressPool(context, name, address);
        pools.put(origin + "@" + address.getRawAuthority(), p);
        return p;
    }

    /** Where a failed attempt tries again: another address of a discovered origin, else the same pool. */
    OriginPool retryPool(Request request, OriginPool failed) {
        DiscoveredOrigin d = discovered(request.origin());
        OriginPool p = d == null ? null : d.pick(failed);
        return p == null ? failed : p;
    }

    long discoveryFailures() {
        return discovery == null ? 0 : discovery.failures();
    }

    /** Every pool: origins and the addresses of discovered ones. */
    Collection<OriginPool> all() {
        return pools.values();
    }

    /** Stops discovery and the tasks, fails waiting requests and closes every connection. */
    void close() {
        if (discovery != null) {
            discovery.close();
        }
        sweeper.remove();
        ticker.remove();
        for (OriginPool p : pools.values()) {
            p.close();
        }
    }

    /** Runs every {@value #TICK_MS} ms on one IO thread: fails the requests whose timeout passed. */
    private void expireTimeouts() {
        long now = System.nanoTime();
        for (OriginPool p : pools.values()) {
            p.expire(now, expired);
        }
        for (int i = 0; i < expired.size(); i++) {
            try {
                expired.get(i).run();
            } catch (RuntimeException e) {
                LOG.warn("timing out a request failed", e);
            }
        }
        expired.clear();
    }

    private void sweep() {
        long now = clock.getAsLong();
        for (Map.Entry<String, OriginPool> e : pools.entrySet()) {
            OriginPool p = e.getValue();
            try {
                p.sweep(now, settings.idleTimeout(), settings.connectionExpireTime());
                if (p.retired() && p.drained()) {
                    pools.remove(e.getKey(), p); // an address that left DNS, now without requests or connections
                }
            } catch (RuntimeException ex) {
                LOG.warn("pool sweep of {} failed", p.origin, ex);
            }
        }
    }
}
