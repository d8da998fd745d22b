package io.lumen.proxy.config;

import io.lumen.client.ClientConfig;
import io.lumen.client.discovery.DiscoveryConfig;
import io.lumen.config.ConfigLoader;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code proxy.yml}. The first ten keys are light-4j's (same names, same meaning); the rest are
 * Lumen's. Every key is optional except {@code hosts}.
 *
 * @param enabled              link the handler into chains (true)
 * @param hosts                upstream base URLs, http and https mixed, as a list or comma-separated
 * @param http2Enabled         speak HTTP/2 to upstreams: ALPN {@code h2} to https ones, an {@code h2c}
 *                             upgrade to http ones; an upstream that refuses gets HTTP/1.1 (false)
 * @param connectionsPerThread connections per upstream per IO thread (20)
 * @param maxRequestTime       ms from the request fully sent upstream to the upstream's response headers
 *                             (Envoy's route timeout); 0 = no limit. Uploads and downloads are bounded by
 *                             {@code streamIdleTimeout} instead (1000)
 * @param rewriteHostHeader    send the upstream's host:port as {@code Host} (true)
 * @param reuseXForwarded      append to incoming {@code X-Forwarded-*} instead of replacing them (false)
 * @param maxConnectionRetries attempts after the first, on another upstream when there is one (3)
 * @param forwardJwtClaims     send the verified JWT's claims as JSON in a {@code jwtClaims} header (false)
 * @param metricsInjection     light-4j compatibility; the metrics middleware already times proxied requests (false)
 * @param loadBalancing        {@code roundRobin} or {@code leastOutstanding} (roundRobin)
 * @param pathTimeouts         request-path prefix to ms (0 = no limit), overriding maxRequestTime; longest prefix wins
 * @param connectTimeout       ms to open an upstream connection, TLS included (2000)
 * @param maxQueuedRequests    requests per upstream per IO thread that may wait for a connection (1000)
 * @param idleTimeout          ms an unused upstream connection stays open (60000)
 * @param maxStreamsPerConnection HTTP/2 streams per upstream connection, fewer when the upstream's own limit is lower (100)
 * @param healthCheck          active checks
 * @param ejection             passive ejection after consecutive transport failures
 * @param retryBudget          bound on retries under failure
 * @param tls                  TLS to https upstreams, keys as in client.yml's {@code tls}; without it in proxy.yml,
 *                             client.yml's {@code tls} ({@link #load})
 * @param streamIdleTimeout    ms an exchange may go without a byte moving while it waits for a connection,
 *                             uploads or downloads (Envoy's stream idle timeout); 0 = none (60000)
 * @param maxReplayBody        bytes of a request body kept while it is sent, so that a request an upstream
 *                             refuses unprocessed (draining) can go to another one; 0 = never resend a body (65536)
 * @param discovery            DNS discovery: with {@code enabled}, every host given by name is resolved
 *                             through DNS again and again and each of its addresses is an upstream
 */
public record ProxyConfig(Boolean enabled, List<String> hosts, Boolean http2Enabled, Integer connectionsPerThread,
                          Integer maxRequestTime, Boolean rewriteHostHeader, Boolean reuseXForwarded,
                          Integer maxConnectionRetries, Boolean forwardJwtClaims, Boolean metricsInjection,
                          String loadBalancing, Map<String, Integer> pathTimeouts, Integer connectTimeout,
                          Integer maxQueuedRequests, Long idleTimeout, Integer maxStreamsPerConnection,
                          HealthCheck healthCheck, Ejection ejection, RetryBudget retryBudget, ClientConfig.Tls tls,
                          Integer streamIdleTimeout, Integer maxReplayBody, DiscoveryConfig discovery) {

    public enum Balancing { ROUND_ROBIN, LEAST_OUTSTANDING }

    public ProxyConfig {
        enabled = enabled == null || enabled;
        if (enabled && (hosts == null || hosts.isEmpty() || hosts.stream().allMatch(h -> h == null || h.isBlank()))) {
            throw new IllegalArgumentException("hosts is required: the upstream base URLs, e.g. http://127.0.0.1:8080");
        }
        hosts = hosts == null ? List.of() : hosts.stream().filter(h -> h != null && !h.isBlank()).map(String::trim).toList();
        for (String h : hosts) {
            upstreamUri(h);
        }
        http2Enabled = http2Enabled != null && http2Enabled;
        connectionsPerThread = range("connectionsPerThread", connectionsPerThread, 20, 1, 100_000);
        maxRequestTime = range("maxRequestTime", maxRequestTime, 1000, 0, Integer.MAX_VALUE);
        rewriteHostHeader = rewriteHostHeader == null || rewriteHostHeader;
        reuseXForwarded = reuseXForwarded != null && reuseXForwarded;
        maxConnectionRetries = range("maxConnectionRetries", maxConnectionRetries, 3, 0, 100);
        forwardJwtClaims = forwardJwtClaims != null && forwardJwtClaims;
        metricsInjection = metricsInjection != null && metricsInjection;
        loadBalancing = loadBalancing == null || loadBalancing.isBlank() ? "roundRobin" : loadBalancing.trim();
        balancing(loadBalancing);
        Map<String, Integer> timeouts = new LinkedHashMap<>();
        if (pathTimeouts != null) {
            for (Map.Entry<String, Integer> e : pathTimeouts.entrySet()) {
                if (e.getKey() == null || !e.getKey().startsWith("/")) {
                    throw new IllegalArgumentException("pathTimeouts: '" + e.getKey() + "' must be a path prefix starting with /");
                }
                if (e.getValue() == null || e.getValue() < 0) {
                    throw new IllegalArgumentException("pathTimeouts: '" + e.getKey() + "' needs a timeout in ms >= 0 (0 = none), got " + e.getValue());
                }
                timeouts.put(e.getKey(), e.getValue());
            }
        }
        pathTimeouts = Map.copyOf(timeouts);
        connectTimeout = range("connectTimeout", connectTimeout, 2000, 1, Integer.MAX_VALUE);
        maxQueuedRequests = range("maxQueuedRequests", maxQueuedRequests, 1000, 0, Integer.MAX_VALUE);
        idleTimeout = idleTimeout == null ? 60_000L : idleTimeout;
        if (idleTimeout < 1) {
            throw new IllegalArgumentException("idleTimeout must be at least 1 ms, got " + idleTimeout);
        }
        maxStreamsPerConnection = range("maxStreamsPerConnection", maxStreamsPerConnection, 100, 1, 1_000_000);
        healthCheck = healthCheck == null ? new HealthCheck(null, null, null, null, null, null) : healthCheck;
        ejection = ejection == null ? new Ejection(null, null) : ejection;
        retryBudget = retryBudget == null ? new RetryBudget(null, null) : retryBudget;
        tls = tls == null ? new ClientConfig.Tls(null, null, null, null, null, null, null, null, null, null) : tls;
        streamIdleTimeout = range("streamIdleTimeout", streamIdleTimeout, 60_000, 0, Integer.MAX_VALUE);
        maxReplayBody = range("maxReplayBody", maxReplayBody, 65_536, 0, 16 * 1024 * 1024);
        discovery = discovery == null ? DiscoveryConfig.disabled() : discovery;
        if (!discovery.hosts().isEmpty()) {
            throw new IllegalArgumentException("discovery.hosts is client.yml's: the proxy discovers every name in its own hosts");
        }
    }

    /**
     * proxy.yml as the proxy handler runs it. light-4j's proxy.yml has no {@code tls}: its proxy
     * connects to https upstreams with client.yml's {@code tls}. So a proxy.yml (or values.yml
     * {@code proxy.tls}) without one takes client.yml's, with light-4j's defaults when client.yml is absent too.
     */
    public static ProxyConfig load(ConfigLoader loader) {
        ProxyConfig config = loader.load("proxy", ProxyConfig.class);
        boolean ownTls = loader.find("proxy").map(f -> f.tree() instanceof Map<?, ?> m && m.containsKey("tls")).orElse(false)
                || loader.value("proxy.tls").isPresent();
        return ownTls ? config : config.withTls(loader.load("client", ClientConfig.class).tls());
    }

    /** This config with {@code tls} replaced. */
    public ProxyConfig withTls(ClientConfig.Tls other) {
        return new ProxyConfig(enabled, hosts, http2Enabled, connectionsPerThread, maxRequestTime, rewriteHostHeader,
                reuseXForwarded, maxConnectionRetries, forwardJwtClaims, metricsInjection, loadBalancing, pathTimeouts,
                connectTimeout, maxQueuedRequests, idleTimeout, maxStreamsPerConnection, healthCheck, ejection, retryBudget,
                other, streamIdleTimeout, maxReplayBody, discovery);
    }

    /** Whether {@code uri}'s host is looked up through DNS discovery (a name, with discovery on) rather than used as it is. */
    public boolean discovered(URI uri) {
        return discovery.enabled() && !DiscoveryConfig.isAddressLiteral(uri.getHost());
    }

    /** The upstreams as URIs with an explicit port. */
    public List<URI> upstreams() {
        return hosts.stream().map(ProxyConfig::upstreamUri).toList();
    }

    public Balancing balancing() {
        return balancing(loadBalancing);
    }

    /** Path prefixes with their timeout, longest first. */
    public List<Map.Entry<String, Integer>> timeoutsByPrefix() {
        List<Map.Entry<String, Integer>> list = new ArrayList<>(pathTimeouts.entrySet());
        list.sort(Comparator.comparingInt((Map.Entry<String, Integer> e) -> e.getKey().length()).reversed());
        return List.copyOf(list);
    }

    private static Balancing balancing(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "roundrobin", "round-robin", "round_robin" -> Balancing.ROUND_ROBIN;
            case "leastoutstanding", "least-outstanding", "least_outstanding" -> Balancing.LEAST_OUTSTANDING;
            default -> throw new IllegalArgumentException("loadBalancing must be roundRobin or leastOutstanding, got '" + name + "'");
        };
    }

    static URI upstreamUri(String host) {
        URI u;
        try {
            u = new URI(host);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("hosts: '" + host + "' is not a URL: " + e.getReason());
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("hosts: '" + host + "' must start with http:// or https://");
        }
        if (u.getHost() == null) {
            throw new IllegalArgumentException("hosts: '" + host + "' has no host name");
        }
        if ((u.getRawPath() != null && !u.getRawPath().isEmpty() && !u.getRawPath().equals("/")) || u.getRawQuery() != null) {
            throw new IllegalArgumentException("hosts: '" + host + "' must be scheme://host[:port] only: the proxy forwards the request path and query as they came");
        }
        int port = u.getPort() > 0 ? u.getPort() : scheme.equals("https") ? 443 : 80;
        try {
            return new URI(scheme, null, u.getHost(), port, null, null, null);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("hosts: '" + host + "': " + e.getMessage());
        }
    }

    private static int range(String key, Integer value, int dflt, int min, int max) {
        int v = value == null ? dflt : value;
        if (v < min || v > max) {
            throw new IllegalArgumentException(key + " must be " + min + " to " + max + ", got " + v);
        }
        return v;
    }

    /**
     * Active health checks: a GET of {@code path} on every upstream each {@code interval}; a 2xx or
     * 3xx within {@code timeout} is a pass.
     *
     * @param enabled            run the checks (false)
     * @param path               the checked path (/health)
     * @param interval           ms between two checks of an upstream (1000)
     * @param timeout            ms a check may take (500)
     * @param unhealthyThreshold consecutive failed checks that take an upstream out (2)
     * @param healthyThreshold   consecutive passed checks that bring it back (1)
     */
    public record HealthCheck(Boolean enabled, String path, Integer interval, Integer timeout,
                              Integer unhealthyThreshold, Integer healthyThreshold) {
        public HealthCheck {
            enabled = enabled != null && enabled;
            path = path == null || path.isBlank() ? "/health" : path.trim();
            if (!path.startsWith("/")) {
                throw new IllegalArgumentException("healthCheck.path must start with /, got '" + path + "'");
            }
            interval = range("healthCheck.interval", interval, 1000, 10, Integer.MAX_VALUE);
            timeout = range("healthCheck.timeout", timeout, 500, 1, Integer.MAX_VALUE);
            unhealthyThreshold = range("healthCheck.unhealthyThreshold", unhealthyThreshold, 2, 1, 1000);
            healthyThreshold = range("healthCheck.healthyThreshold", healthyThreshold, 1, 1, 1000);
        }
    }

    /**
     * Passive ejection: an upstream whose connections fail (refused, reset, timed out)
     * {@code consecutiveFailures} times in a row gets no requests for {@code ejectTime} ms.
     *
     * @param consecutiveFailures failures in a row that eject (3); 0 = never eject
     * @param ejectTime           ms an ejected upstream sits out (1000)
     */
    public record Ejection(Integer consecutiveFailures, Integer ejectTime) {
        public Ejection {
            consecutiveFailures = range("ejection.consecutiveFailures", consecutiveFailures, 3, 0, 1_000_000);
            ejectTime = range("ejection.ejectTime", ejectTime, 1000, 1, Integer.MAX_VALUE);
        }
    }

    /**
     * Retries may add at most {@code percent} % to the requests of the last second, but always at
     * least {@code minPerSecond} per second: failures cannot multiply the load on a struggling
     * upstream.
     *
     * @param percent      retries as a percentage of requests (20)
     * @param minPerSecond retries always allowed per second (10)
     */
    public record RetryBudget(Integer percent, Integer minPerSecond) {
        public RetryBudget {
            percent = range("retryBudget.percent", percent, 20, 0, 1000);
            minPerSecond = range("retryBudget.minPerSecond", minPerSecond, 10, 0, Integer.MAX_VALUE);
        }
    }
}
