package io.lumen.server;

import io.lumen.config.ConfigLoader;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusCatalogue;
import io.lumen.tls.KeyStores;
import io.lumen.tls.SslContexts;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.HttpHandler;
import io.undertow.util.HttpString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.Options;
import org.xnio.SslClientAuthMode;

import javax.net.ssl.SSLContext;
import java.net.InetSocketAddress;
import java.net.URI;
import java.security.KeyStore;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.ExecutorService;

/**
 * The Undertow server of one service, built from {@link ServerConfig}. {@link #start} opens the
 * listeners; {@link #replaceRoot} swaps the service's root handler while it serves (a configuration
 * reload); {@link #stop} drains in-flight requests (on every root still running some) for up to
 * {@code shutdownGracefulPeriod}, runs the shutdown hooks and closes everything. Thread-safe;
 * stop is idempotent.
 *
 * <p>Every request passes the root handlers, in this order: the {@code Server} header when
 * configured, {@link Http2StreamLimit}, {@link ProtocolGuard}, {@link RequestBodies}, then
 * {@link InFlightRequests} (the current root of the service, the in-flight counts, the drain's
 * refusals). The guards are built once in front of the root switch, so a root that
 * {@link #replaceRoot} puts in is guarded exactly as the first. Undertow itself closes a connection
 * whose request line and headers take longer than {@code requestHeaderTimeout} (its
 * {@code REQUEST_PARSE_TIMEOUT}).
 */
public final class LumenServer {
    private static final Logger LOG = LoggerFactory.getLogger(LumenServer.class);
    /** After a drain that answered requests: time for their clients to read the last bytes before the close. */
    private static final long LINGER_MILLIS = 200;
    private static final HttpString SERVER = new HttpString("Server");

    private final ServerConfig config;
    private final ConfigLoader loader;
    private final Readiness readiness;
    private final ErrorResponder errors;
    private final ExecutorService blockingExecutor;
    private Undertow undertow;
    private SSLContext sslContext; // set by useSslContext, else built from server.yml's key stores
    private InFlightRequests graceful;
    private volatile boolean stopped; // written under the monitor

    /**
     * @param errors writes the error JSON of the root handlers' refusals (503 while draining, 408,
     *               413, 505, framing errors)
     */
    public LumenServer(ServerConfig config, ConfigLoader loader, Readiness readiness, ErrorResponder errors) {
        this.config = config;
        this.loader = loader;
        this.readiness = readiness;
        this.errors = errors;
        this.blockingExecutor = BlockingExecutors.choose(config.blockingExecutor());
    }

    /** As the four-argument constructor, with the status catalogue loaded through {@code loader}. */
    public LumenServer(ServerConfig config, ConfigLoader loader, Readiness readiness) {
        this(config, loader, readiness, new ErrorResponder(StatusCatalogue.load(loader)));
    }

    /** Virtual threads when chosen and available, else {@code null} (the worker pool). */
    public ExecutorService blockingExecutor() {
        return blockingExecutor;
    }

    public ServerConfig config() {
        return config;
    }

    /**
     * Runs the startup hooks found with {@link ServiceLoader}, in order, before any handler is
     * created. A failing hook stops startup.
     */
    public static void runStartupHooks(ServiceContext context) {
        for (StartupHook hook : ServiceLoader.load(StartupHook.class, classLoader())) {
            try {
                hook.onStartup(context);
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("startup hook " + hook.getClass().getName() + " failed: " + e.getMessage(), e);
            }
        }
    }

    /**
     * Runs the shutdown hooks found with {@link ServiceLoader}, in order, after in-flight requests
     * drained. A failing hook is logged; the others still run.
     */
    public static void runShutdownHooks(ServiceContext context) {
        for (ShutdownHook hook : ServiceLoader.load(ShutdownHook.class, classLoader())) {
            try {
                hook.onShutdown(context);
            } catch (Exception e) {
                LOG.error("shutdown hook {} failed", hook.getClass().getName(), e);
            }
        }
    }

    /**
     * The TLS context of the HTTPS listener instead of one built from server.yml's key stores: for a
     * server whose certificates come from elsewhere (Spring Boot's {@code server.ssl.*} in the Boot 4
     * starter). Call before {@link #start}; {@code enableTwoWayTls} still requires client certificates.
     */
    public synchronized LumenServer useSslContext(SSLContext context) {
        this.sslContext = context;
        return this;
    }

    /** Binds the listeners with {@code root} behind the root guards and graceful shutdown; readiness turns true. */
    public synchronized void start(HttpHandler root) {
        if (undertow != null || stopped) {
            throw new IllegalStateException("a server starts once");
        }
        graceful = new InFlightRequests(root, errors);
        HttpHandler handler = new RequestBodies(graceful, config.maxTransferFileSize(), config.requestBodyIdleTimeout());
        handler = new ProtocolGuard(handler, errors);
        if (config.enableHttp2()) {
            handler = new Http2StreamLimit(handler, config.http2MaxConcurrentStreams());
        }
        if (!config.serverString().isEmpty()) {
            handler = new ServerHeaderHandler(SERVER, config.serverString(), handler);
        }
        Undertow u = builder().setHandler(handler).build();
        try {
            u.start();
        } catch (RuntimeException e) {
            u.stop(); // releases the XNIO worker threads a failed bind leaves behind
            throw e;
        }
        if (config.enableHttp2()) {
            H2cUpgradeGuard.install(u, errors);
        }
        undertow = u;
        readiness.set(Readiness.State.READY);
        LOG.info("{} ({}) listening on {}; blocking handlers run on {}", config.serviceId(), config.environment(),
                listenerUris(), BlockingExecutors.describe(blockingExecutor, config.workerThreads()));
    }

    /**
     * Sends the requests that arrive from now on to {@code root} (a reloaded configuration's);
     * requests already running finish on the previous root. The swap is one volatile write beneath
     * the root guards, which stay as they are: no request waits for it and none is refused.
     *
     * @return the previous root, to wait on before closing what it uses
     * @throws IllegalStateException before {@link #start} or once {@link #stop} began
     */
    public RetiredRoot replaceRoot(HttpHandler root) {
        if (stopped) { // without the monitor: stop holds it through shutdownDelay and the drain
            throw new IllegalStateException("the server is stopping");
        }
        synchronized (this) {
            if (undertow == null || stopped) {
                throw new IllegalStateException(stopped ? "the server is stopping" : "the server has not started");
            }
            return graceful.replace(root);
        }
    }

    private Undertow.Builder builder() {
        Undertow.Builder b = Undertow.builder()
                .setIoThreads(config.ioThreads())
                .setWorkerThreads(config.workerThreads())
                .setBufferSize(config.bufferSize())
                .setDirectBuffers(true)
                .setSocketOption(Options.BACKLOG, config.backlog())
                .setServerOption(UndertowOptions.ALWAYS_SET_KEEP_ALIVE, false)
                .setServerOption(UndertowOptions.ALWAYS_SET_DATE, config.alwaysSetDate())
                .setServerOption(UndertowOptions.RECORD_REQUEST_START_TIME, false)
                .setServerOption(UndertowOptions.ENABLE_HTTP2, config.enableHttp2())
                .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, 0L) // RequestBodies enforces maxTransferFileSize
                .setServerOption(UndertowOptions.HTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, config.http2MaxConcurrentStreams())
                .setServerOption(UndertowOptions.ALLOW_UNESCAPED_CHARACTERS_IN_URL, config.allowUnescapedCharactersInUrl());
        if (config.requestHeaderTimeout() > 0) {
            // from the first byte of a request to the end of its headers (slowloris); the idle time
            // between requests stays Undertow's NO_REQUEST_TIMEOUT (60 s)
            b.setServerOption(UndertowOptions.REQUEST_PARSE_TIMEOUT, config.requestHeaderTimeout());
        }
        if (config.enableHttp()) {
            b.addHttpListener(config.httpPort(), config.ip());
        }
        if (config.enableHttps()) {
            b.addHttpsListener(config.httpsPort(), config.ip(), sslContext != null ? sslContext : sslContext());
            if (config.enableTwoWayTls()) {
                b.setSocketOption(Options.SSL_CLIENT_AUTH_MODE, SslClientAuthMode.REQUIRED);
            }
        }
        return b;
    }

    private SSLContext sslContext() {
        KeyStore keys = KeyStores.load(loader, config.keystoreName(), config.keystorePass(), "server.yml keystoreName");
        KeyStore trust = config.enableTwoWayTls()
                ? KeyStores.load(loader, config.truststoreName(), config.truststorePass(), "server.yml truststoreName")
                : null;
        return SslContexts.server(keys, config.keyPass(), trust, "server.yml keystoreName");
    }

    /** The bound HTTP port (useful with port 0), or -1 when HTTP is off or the server is not running. */
    public synchronized int httpPort() {
        return port("http");
    }

    /** The bound HTTPS port, or -1. */
    public synchronized int httpsPort() {
        return port("https");
    }

    private int port(String protocol) {
        if (undertow == null) {
            return -1;
        }
        for (Undertow.ListenerInfo l : undertow.getListenerInfo()) {
            if (l.getProtcol().equals(protocol) && l.getAddress() instanceof InetSocketAddress a) {
                return a.getPort();
            }
        }
        return -1;
    }

    /** The URIs clients use, with 127.0.0.1 for a wildcard address. */
    public synchronized List<URI> listenerUris() {
        if (undertow == null) {
            return List.of();
        }
        return undertow.getListenerInfo().stream()
                .filter(l -> l.getAddress() instanceof InetSocketAddress)
                .map(l -> {
                    InetSocketAddress a = (InetSocketAddress) l.getAddress();
                    String host = a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getHostString();
                    if (host.contains(":")) {
                        host = "[" + host + "]";
                    }
                    return URI.create(l.getProtcol() + "://" + host + ":" + a.getPort());
                })
                .toList();
    }

    /**
     * Graceful stop: readiness goes false; for {@code shutdownDelay} ms requests are still served (so
     * that load balancers and health-checking proxies stop sending first); then the listeners stop
     * accepting, new requests on open connections are refused (503, {@code Connection: close},
     * {@code Lumen-Unprocessed: draining}: they reached no handler and may be sent elsewhere) and
     * in-flight requests get up to {@code shutdownGracefulPeriod} ms to finish; shutdown hooks run,
     * then the server and its threads stop.
     */
    public synchronized void stop(ServiceContext context) {
        stop(() -> runShutdownHooks(context));
    }

    /**
     * {@link #stop(ServiceContext)} without the shutdown hooks, for a server embedded in an application
     * that runs them itself (the Boot 4 starter: Lumen's part of the Spring context runs them at close).
     */
    public synchronized void stopServing() {
        stop(() -> { });
    }

    private void stop(Runnable shutdownHooks) {
        if (stopped) {
            return;
        }
        stopped = true;
        readiness.set(Readiness.State.DRAINING);
        if (undertow != null) {
            if (config.shutdownDelay() > 0) {
                LOG.info("{} draining: readiness false, serving for shutdownDelay {} ms before refusing new requests",
                        config.serviceId(), config.shutdownDelay());
                try {
                    Thread.sleep(config.shutdownDelay());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            graceful.shutdown(); // refuse first: a request accepted from here on is answered, not cut
            ListenerSockets.closeListeningSockets(undertow);
            boolean answering = graceful.inFlight() > 0;
            try {
                if (!graceful.awaitDrained(config.shutdownGracefulPeriod())) {
                    LOG.warn("requests still in flight after shutdownGracefulPeriod {} ms; stopping anyway",
                            config.shutdownGracefulPeriod());
                } else if (answering) {
                    // The last responses were just written. Closing their connections at once can lose
                    // them: an HTTP/2 client still sending frames gets a reset (EPIPE), and the kernel may
                    // drop the response bytes it has not read yet.
                    Thread.sleep(LINGER_MILLIS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        shutdownHooks.run();
        if (undertow != null) {
            undertow.stop();
        }
        if (blockingExecutor != null) {
            blockingExecutor.shutdown();
        }
        readiness.set(Readiness.State.STOPPED);
        LOG.info("{} stopped", config.serviceId());
    }

    private static ClassLoader classLoader() {
        ClassLoader cl = Thread.currentThread().getContextClassLoader();
        return cl != null ? cl : LumenServer.class.getClassLoader();
    }
}
