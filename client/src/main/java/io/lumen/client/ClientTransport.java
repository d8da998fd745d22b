package io.lumen.client;

import io.lumen.client.connect.UpstreamConnector;
import io.lumen.client.pool.ConnectionPool;
import io.lumen.tls.SslContexts;
import io.undertow.connector.ByteBufferPool;
import io.undertow.server.DefaultByteBufferPool;
import org.xnio.OptionMap;
import org.xnio.Options;
import org.xnio.Xnio;
import org.xnio.XnioIoThread;
import org.xnio.XnioWorker;
import org.xnio.ssl.XnioSsl;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What one {@link LumenClient}'s connections are made of, set up once when the client is built:
 * the XNIO worker (its own, or a shared one it never stops), the IO buffer pool, the TLS context
 * with the record of rejected certificates and the connect options (from the shared
 * {@link UpstreamConnector}); and the {@link Origin} of an origin or of a discovered address
 * ({@link #origin}, {@link #addressOrigin}): where it connects, its pool settings and its home IO thread.
 *
 * <p>Immutable after construction and shared by every pool and call of the client; the rejection
 * map is concurrent (written by handshakes on IO threads, read when a connect fails).
 */
final class ClientTransport {
    private final XnioWorker worker;
    private final boolean ownsWorker;
    private final ByteBufferPool bufferPool;
    private final SSLContext sslContext;
    private final XnioSsl ssl;
    private final OptionMap tlsOptions;
    private final OptionMap plainOptions;
    private final boolean h2c;
    /** Round robin over the worker's IO threads for the origins' home threads. */
    private final AtomicInteger nextHome = new AtomicInteger();
    /** host:port -> why the last TLS handshake there rejected the server's certificate. */
    private final Map<String, String> rejected = new ConcurrentHashMap<>();

    /**
     * @param shared a worker to run on (not stopped by {@link #close}); null: one of the client's own
     * @param tls    the TLS material the builder was given
     */
    ClientTransport(ClientConfig config, XnioWorker shared, LumenClient.TlsMaterial tls) {
        ClientConfig.Request r = config.request();
        ClientConfig.Tls t = config.tls();
        this.ownsWorker = shared == null;
        this.worker = shared != null ? shared : ownWorker(r.ioThreads());
        this.bufferPool = new DefaultByteBufferPool(true, r.bufferSize());
        this.sslContext = tls.context() != null
                ? SslContexts.clientEngines(tls.context(), t.verifyHostname(), t.tlsVersion())
                : SslContexts.client(tls.trustStores(), t.loadDefaultTrustStore(), tls.keyStore(), tls.keyPass(),
                        t.verifyHostname(), t.tlsVersion(), rejected);
        this.ssl = UpstreamConnector.tls(worker.getXnio(), sslContext, bufferPool);
        this.tlsOptions = UpstreamConnector.options(r.enableHttp2(), t.verifyHostname());
        // plain http is HTTP/1.1 (no h2c upgrade); h2c goes by prior knowledge, chosen by the scheme
        this.plainOptions = UpstreamConnector.options(false, t.verifyHostname());
        this.h2c = r.h2c();
    }

    private static XnioWorker ownWorker(int ioThreads) {
        try {
            return Xnio.getInstance(LumenClient.class.getClassLoader()).createWorker(OptionMap.builder()
                    .set(Options.WORKER_IO_THREADS, ioThreads)
                    .set(Options.WORKER_TASK_CORE_THREADS, 1)
                    .set(Options.WORKER_TASK_MAX_THREADS, 2)
                    .set(Options.WORKER_NAME, "lumen-client")
                    .set(Options.TCP_NODELAY, true)
                    .getMap());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the client's XNIO worker", e);
        }
    }

    /**
     * The origin of a request not under discovery: TLS with ALPN ({@code h2} offered when HTTP/2 is
     * enabled), or plain HTTP/1.1, or h2c with prior knowledge.
     */
    Origin origin(ClientContext context, Request request) {
        URI u = request.uri();
        boolean tls = u.getScheme().equalsIgnoreCase("https");
        int port = u.getPort() == -1 ? (tls ? 443 : 80) : u.getPort();
        String scheme = tls ? "https" : h2c ? "h2c-prior" : "http";
        try {
            return origin(context, request.origin(), new URI(scheme, null, u.getHost(), port, null, null, null), ssl);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("bad origin " + request.origin(), e);
        }
    }

    /**
     * The origin of one address of a discovered name. Over TLS the handshake names {@code name}
     * (SNI, certificate check), not the address.
     */
    Origin addressOrigin(ClientContext context, String name, URI address) {
        boolean tls = address.getScheme().equals("https");
        URI connect = !tls && h2c ? URI.create("h2c-prior://" + address.getRawAuthority()) : address;
        XnioSsl named = tls ? UpstreamConnector.tls(worker.getXnio(), SslContexts.forPeerName(sslContext, name), bufferPool)
                : null;
        return origin(context, address.toString(), connect, named);
    }

    /** An origin connecting to {@code connect}, on the next of the worker's IO threads. */
    private Origin origin(ClientContext context, String origin, URI connect, XnioSsl tls) {
        boolean https = connect.getScheme().equals("https");
        ClientConfig.Request r = context.settings;
        OptionMap options = https ? tlsOptions : plainOptions;
        ConnectionPool.Settings settings = new ConnectionPool.Settings(https ? tls : null, options, plainOptions,
                r.connectionPoolSize(), r.maxQueue(), r.idleTimeout(), r.maxStreamsPerConnection(), r.connectTimeout(),
                context.clock(), r.maxReqPerConn(), r.connectionExpireTime());
        XnioIoThread home = worker.getIoThread(nextHome.getAndIncrement() & Integer.MAX_VALUE);
        return new Origin(context, origin, connect, new ConnectionPool(connect, settings), home);
    }

    /** Why the last handshake with {@code hostPort} rejected the server certificate, or null. */
    String tlsRejection(String hostPort) {
        return rejected.isEmpty() ? null : rejected.get(hostPort);
    }

    XnioWorker worker() {
        return worker;
    }

    ByteBufferPool bufferPool() {
        return bufferPool;
    }


    /** Stops the worker when it is the client's own (waiting up to 2 s); a shared one is left running. */
    void close() {
        if (!ownsWorker) {
            return;
        }
        worker.shutdown();
        try {
            worker.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
