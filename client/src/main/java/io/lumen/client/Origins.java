package io.lumen.client;

import io.lumen.client.discovery.DiscoveryConfig;
import io.lumen.client.discovery.DnsDiscovery;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.XnioExecutor;

import java.net.URI;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The {@link Origin}s of one {@link LumenClient}: one per origin, made on first use and kept for the
 * client's life; for the origins of {@code discovery.hosts}, one per address their name resolves
 * to (kept under {@code origin@address}), dropped once an address that left DNS has drained (a
 * task on one client IO thread looks every second). Idle and expired connections are closed by
 * each origin's pool, timeouts by the client's per-thread timers.
 *
 * <p>Thread-safe: the map is concurrent and the discovered origins are fixed after construction.
 */
final class Origins {
    private static final Logger LOG = LoggerFactory.getLogger(LumenClient.class);
    /** How often drained addresses of discovered names are looked for. */
    private static final long FORGET_MS = 1000;

    private final ClientContext context;
    private final ClientTransport transport;
    private final ConcurrentHashMap<String, Origin> pools = new ConcurrentHashMap<>();
    /** Origins of discovery.hosts, by origin; fixed after construction (empty when discovery is off). */
    private final Map<String, DiscoveredOrigin> discovered;
    private final DnsDiscovery discovery;
    private final XnioExecutor.Key forgetter;

    /** Starts the tasks and, with discovery on, resolves every name of {@code discovery.hosts} once. */
    Origins(ClientContext context) {
        this.context = context;
        this.transport = context.transport;
        ClientConfig config = context.config;
        DiscoveryConfig d = config.discovery();
        if (d.enabled() && !d.hosts().isEmpty()) {
            this.discovery = new DnsDiscovery(d, "lumen-client-dns");
            Map<String, DiscoveredOrigin> map = new LinkedHashMap<>();
            for (String entry : d.hosts()) {
                URI u = ClientConfig.discoveredOrigin(entry);
                String origin = Request.get(u).build().origin();
                String scheme = u.getScheme();
                int port = u.getPort() == -1 ? (scheme.equals("https") ? 443 : 80) : u.getPort();
                DiscoveredOrigin o = new DiscoveredOrigin(origin, scheme, address -> addressOrigin(origin, u.getHost(), address));
                map.put(origin, o);
                discovery.watch(u.getHost(), scheme, port, o::update); // resolves once now, then as TTLs run out
            }
            this.discovered = Map.copyOf(map);
            this.forgetter = transport.worker().getIoThread().executeAtInterval(this::forgetDrained, FORGET_MS,
                    TimeUnit.MILLISECONDS);
        } else {
            this.discovery = null;
            this.discovered = Map.of();
            this.forgetter = null;
        }
    }

    /** The discovered origin {@code origin} names, or null when it is not under discovery. */
    DiscoveredOrigin discovered(String origin) {
        return discovered.isEmpty() ? null : discovered.get(origin);
    }

    /** The origin of a request not under discovery, made on first use. */
    Origin origin(Request request) {
        Origin o = pools.get(request.origin());
        if (o == null) {
            o = pools.computeIfAbsent(request.origin(), key -> transport.origin(context, request));
        }
        return o;
    }

    /** The origin not under discovery when it exists, else null. */
    Origin existing(String origin) {
        return pools.get(origin);
    }

    private Origin addressOrigin(String origin, String name, URI address) {
        Origin o = transport.addressOrigin(context, name, address);
        pools.put(origin + "@" + address.getRawAuthority(), o);
        return o;
    }

    /** Where a failed attempt tries again: another address of a discovered origin, else the same one. */
    Origin retryOrigin(Request request, Origin failed) {
        DiscoveredOrigin d = discovered(request.origin());
        Origin o = d == null ? null : d.pick(failed);
        return o == null ? failed : o;
    }

    long discoveryFailures() {
        return discovery == null ? 0 : discovery.failures();
    }

    /** Every origin, and every address of discovered ones. */
    Collection<Origin> all() {
        return pools.values();
    }

    /** Stops discovery and the task, fails waiting requests and closes every connection. */
    void close() {
        if (discovery != null) {
            discovery.close();
        }
        if (forgetter != null) {
            forgetter.remove();
        }
        for (Origin o : pools.values()) {
            o.close();
        }
    }

    /** Forgets the addresses that left DNS once they have no connection and no request left. */
    private void forgetDrained() {
        for (Map.Entry<String, Origin> e : pools.entrySet()) {
            Origin o = e.getValue();
            try {
                if (o.retired() && o.drained()) {
                    o.close();
                    pools.remove(e.getKey(), o);
                }
            } catch (RuntimeException ex) {
                LOG.warn("forgetting the drained address {} failed", o.origin, ex);
            }
        }
    }
}
