package io.lumen.proxy;

import io.lumen.client.LumenClient;
import io.lumen.client.LumenClientBuilder;
import io.lumen.proxy.config.ProxyConfig;
import io.lumen.server.ServiceContext;
import io.lumen.tls.SslContexts;

import javax.net.ssl.SSLContext;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The clients of the active health checks: one for upstreams checked under their own host, and one
 * per discovered name for https addresses (its handshake names the name, as the proxied requests'
 * do). HTTP/1.1, no retries, no breaker, one IO thread each. Thread-safe; closing closes them all.
 */
final class HealthClients implements Function<String, LumenClient>, AutoCloseable {
    private static final String PLAIN = "";

    private final ProxyConfig config;
    private final ServiceContext context;
    private final SSLContext ssl;
    private final Map<String, LumenClient> clients = new ConcurrentHashMap<>();

    HealthClients(ProxyConfig config, ServiceContext context, SSLContext ssl) {
        this.config = config;
        this.context = context;
        this.ssl = ssl;
    }

    /** The client for upstreams whose TLS name is {@code tlsName} (null: their own host). */
    @Override
    public LumenClient apply(String tlsName) {
        return clients.computeIfAbsent(tlsName == null ? PLAIN : tlsName, this::build);
    }

    private LumenClient build(String name) {
        LumenClientBuilder client = LumenClient.builder()
                .enableHttp2(false)
                .connectTimeout(config.healthCheck().timeout())
                .timeout(config.healthCheck().timeout())
                .maxRetries(0)
                .maxConnections(4)
                .breaker(Integer.MAX_VALUE, 1)
                .ioThreads(1)
                .statusCatalogue(context.statuses());
        if (ssl != null) {
            // the client re-applies hostname verification and versions to a given context: pass proxy.yml's
            SSLContext context = name.equals(PLAIN) ? ssl : SslContexts.forPeerName(ssl, name);
            client.sslContext(context).verifyHostname(config.tls().verifyHostname()).tlsVersion(config.tls().tlsVersion());
        }
        return client.build();
    }

    @Override
    public void close() {
        clients.values().forEach(LumenClient::close);
    }
}
