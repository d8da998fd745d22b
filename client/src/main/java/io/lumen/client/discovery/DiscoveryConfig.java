package io.lumen.client.discovery;

import org.xbill.DNS.Address;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code discovery} section of {@code proxy.yml} and {@code client.yml}. Every key is optional;
 * discovery is off unless {@code enabled}.
 *
 * @param enabled   resolve host names through DNS and use every address (false)
 * @param hosts     client.yml only: origins ({@code http://pets.default.svc.cluster.local:8080})
 *                  whose requests are spread over every address of their name; the proxy
 *                  discovers every name in its own {@code hosts}
 * @param resolvers DNS servers as {@code ip} or {@code ip:port} ({@code [v6]:port}); empty: the
 *                  system's (resolv.conf, with its search domains)
 * @param interval  ms between resolutions when TTLs are not honoured, and before a retry after a
 *                  failed one (5000)
 * @param honourTtl resolve again when the shortest TTL of the answer runs out (true)
 * @param minTtl    ms: a shorter TTL is raised to this, so a TTL of 0 cannot make a query loop (1000)
 * @param maxTtl    ms: a longer TTL is cut to this, so a long-lived record cannot hide a rollout (30000)
 * @param timeout   ms one DNS query may take (2000)
 * @param srv       look up SRV records ({@code _http._tcp.<host>}, or the host as given when it
 *                  starts with {@code _}) for each target's addresses and port (false)
 */
public record DiscoveryConfig(Boolean enabled, List<String> hosts, List<String> resolvers, Long interval,
                              Boolean honourTtl, Long minTtl, Long maxTtl, Long timeout, Boolean srv) {

    public DiscoveryConfig {
        enabled = enabled != null && enabled;
        hosts = hosts == null ? List.of() : hosts.stream().filter(h -> h != null && !h.isBlank()).map(String::trim).toList();
        resolvers = resolvers == null ? List.of() : resolvers.stream().filter(r -> r != null && !r.isBlank()).map(String::trim).toList();
        for (String r : resolvers) {
            resolverAddress(r);
        }
        interval = atLeast("discovery.interval", interval, 5000, 10);
        honourTtl = honourTtl == null || honourTtl;
        minTtl = atLeast("discovery.minTtl", minTtl, 1000, 10);
        maxTtl = atLeast("discovery.maxTtl", maxTtl, 30_000, 10);
        if (maxTtl < minTtl) {
            throw new IllegalArgumentException("discovery.maxTtl (" + maxTtl + ") must not be below discovery.minTtl (" + minTtl + ")");
        }
        timeout = atLeast("discovery.timeout", timeout, 2000, 1);
        srv = srv != null && srv;
    }

    /** Off. */
    public static DiscoveryConfig disabled() {
        return new DiscoveryConfig(null, null, null, null, null, null, null, null, null);
    }

    /** The resolvers as socket addresses (port 53 unless given). */
    public List<InetSocketAddress> resolverAddresses() {
        List<InetSocketAddress> list = new ArrayList<>();
        for (String r : resolvers) {
            list.add(resolverAddress(r));
        }
        return list;
    }

    /** The delay before the next resolution after an answer whose shortest TTL is {@code ttlSeconds}. */
    public long nextDelay(long ttlSeconds) {
        if (!honourTtl) {
            return interval;
        }
        return Math.max(minTtl, Math.min(maxTtl, ttlSeconds * 1000));
    }

    /** An IPv4 or IPv6 address (IPv6 with or without brackets), not a name: nothing to discover. */
    public static boolean isAddressLiteral(String host) {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        return Address.toByteArray(h, Address.IPv4) != null || Address.toByteArray(h, Address.IPv6) != null;
    }

    /** An IP literal with an optional port; never a name (resolving the resolver would need a resolver). */
    static InetSocketAddress resolverAddress(String text) {
        String host = text;
        int port = 53;
        if (text.startsWith("[")) {
            int end = text.indexOf(']');
            if (end < 0) {
                throw new IllegalArgumentException("discovery.resolvers: '" + text + "' has no closing ]");
            }
            host = text.substring(1, end);
            if (end + 1 < text.length()) {
                if (text.charAt(end + 1) != ':') {
                    throw new IllegalArgumentException("discovery.resolvers: '" + text + "' must be [ipv6]:port");
                }
                port = port(text, text.substring(end + 2));
            }
        } else if (text.indexOf(':') == text.lastIndexOf(':') && text.indexOf(':') > 0) {
            host = text.substring(0, text.indexOf(':'));
            port = port(text, text.substring(text.indexOf(':') + 1));
        }
        byte[] bytes = Address.toByteArray(host, Address.IPv4);
        if (bytes == null) {
            bytes = Address.toByteArray(host, Address.IPv6);
        }
        if (bytes == null) {
            throw new IllegalArgumentException("discovery.resolvers: '" + text + "' must be an IP address with an optional port, e.g. 10.96.0.10 or 127.0.0.1:5353");
        }
        try {
            return new InetSocketAddress(InetAddress.getByAddress(bytes), port);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("discovery.resolvers: '" + text + "': " + e.getMessage());
        }
    }

    private static int port(String text, String port) {
        try {
            int p = Integer.parseInt(port);
            if (p >= 1 && p <= 65535) {
                return p;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("discovery.resolvers: '" + text + "' has no valid port (1 to 65535)");
    }

    private static long atLeast(String key, Long value, long dflt, long min) {
        long v = value == null ? dflt : value;
        if (v < min) {
            throw new IllegalArgumentException(key + " must be at least " + min + " ms, got " + v);
        }
        return v;
    }
}
