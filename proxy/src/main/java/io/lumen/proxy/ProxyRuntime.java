package io.lumen.proxy;

import io.lumen.client.connect.UpstreamConnector;
import io.lumen.client.pool.ConnectionPool;
import io.lumen.proxy.config.ProxyConfig;
import io.lumen.proxy.forward.Forwarder;
import io.lumen.proxy.upstream.HealthChecker;
import io.lumen.proxy.upstream.UpstreamDiscovery;
import io.lumen.proxy.upstream.Upstreams;
import io.lumen.handler.metrics.Registries;
import io.lumen.tls.SslContexts;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.lumen.server.ServiceContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.OptionMap;
import org.xnio.Xnio;
import org.xnio.ssl.XnioSsl;

import javax.net.ssl.SSLContext;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * What a proxy keeps while it runs: the upstreams with their pools, the health checker, the
 * forwarder. The {@code proxy} handler has one per service (through {@link ServiceContext#shared}),
 * the {@code gateway} handler one per upstream service; closed when the service stops.
 */
public final class ProxyRuntime implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ProxyRuntime.class);

    private final Upstreams upstreams;
    private final UpstreamDiscovery discovery;
    private final HealthChecker health;
    private final HealthClients healthClients;
    private final Forwarder forwarder;

    public ProxyRuntime(ProxyConfig config, ServiceContext context) {
        List<URI> uris = config.upstreams();
        boolean anyTls = uris.stream().anyMatch(u -> u.getScheme().equals("https"));
        SSLContext ssl = anyTls ? config.tls().sslContext(context.config(), "proxy.yml") : null;
        // TLS engines take Undertow's default buffers (the client's take its own pool's)
        XnioSsl xnioSsl = ssl == null ? null : UpstreamConnector.tls(Xnio.getInstance(), ssl, null);
        // pooled connections offer HTTP/2 (ALPN, or the h2c upgrade) when http2Enabled; an Upgrade
        // request's connection never does; tls.verifyHostname decides endpoint identification
        OptionMap pooled = UpstreamConnector.options(config.http2Enabled(), config.tls().verifyHostname());
        OptionMap upgrade = UpstreamConnector.options(false, config.tls().verifyHostname());
        LongSupplier clock = System::currentTimeMillis;
        ConnectionPool.Settings settings = new ConnectionPool.Settings(xnioSsl, pooled,
                upgrade, config.connectionsPerThread(), config.maxQueuedRequests(), config.idleTimeout(),
                config.maxStreamsPerConnection(), config.connectTimeout(), clock);
        Map<String, XnioSsl> named = new ConcurrentHashMap<>();
        Function<String, XnioSsl> namedSsl = ssl == null ? null : name -> named.computeIfAbsent(name,
                n -> UpstreamConnector.tls(Xnio.getInstance(), SslContexts.forPeerName(ssl, n), null));
        this.upstreams = new Upstreams(settings, config, clock, namedSsl);
        this.discovery = new UpstreamDiscovery(config, upstreams);
        meters(Registries.of(context));
        this.forwarder = new Forwarder(config, upstreams, context.errors(), context.config().mapper(), clock,
                context.server().maxTransferFileSize());
        HealthChecker checker = null;
        if (config.healthCheck().enabled()) {
            healthClients = new HealthClients(config, context, ssl);
            checker = new HealthChecker(config.healthCheck(), upstreams, healthClients);
        } else {
            healthClients = null;
        }
        this.health = checker;
        LOG.info("proxy to {} ({}, HTTP/2 {}, {} connections per IO thread, request timeout {} ms{})",
                uris.stream().map(u -> config.discovered(u) ? u + " (every address in DNS)" : u.toString())
                        .collect(Collectors.joining(", ")), config.loadBalancing(),
                config.http2Enabled() ? "offered" : "off", config.connectionsPerThread(), config.maxRequestTime(),
                health == null ? ", passive health only" : ", health checks on " + config.healthCheck().path());
    }

    public Forwarder forwarder() {
        return forwarder;
    }

    /** The upstreams with their pools (for tests and diagnostics). */
    Upstreams upstreams() {
        return upstreams;
    }

    /**
     * Per discovered host: {@code lumen_proxy_dns_failures_total} (resolutions that failed, the last
     * good set kept) and {@code lumen_proxy_upstreams} (addresses in use).
     */
    private void meters(MeterRegistry registry) {
        for (UpstreamDiscovery.Discovered d : discovery.discovered()) {
            FunctionCounter.builder("lumen.proxy.dns.failures", d.watch(), w -> w.failures())
                    .description("DNS resolutions of an upstream host that failed (the last good addresses were kept)")
                    .tag("host", d.host()).register(registry);
            Gauge.builder("lumen.proxy.upstreams", d.watch(), w -> w.current().size())
                    .description("addresses of an upstream host in use")
                    .tag("host", d.host()).register(registry);
        }
    }

    @Override
    public void close() {
        discovery.close();
        if (health != null) {
            health.close();
            healthClients.close();
        }
        upstreams.close();
    }
}
