package io.lumen.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.client.discovery.DiscoveryConfig;
import io.lumen.client.discovery.DnsDiscovery;
import io.lumen.client.discovery.PeerNameSsl;
import io.lumen.config.ConfigLoader;
import io.lumen.status.StatusCatalogue;
import io.lumen.tls.KeyStores;
import io.undertow.UndertowOptions;
import io.undertow.client.UndertowClient;
import io.undertow.connector.ByteBufferPool;
import io.undertow.protocols.ssl.UndertowXnioSsl;
import io.undertow.server.DefaultByteBufferPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.OptionMap;
import org.xnio.Options;
import org.xnio.Xnio;
import org.xnio.XnioExecutor;
import org.xnio.XnioWorker;
import org.xnio.ssl.XnioSsl;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A non-blocking HTTP/1.1 and HTTP/2 client on Undertow's client and an XNIO worker: one pool and
 * one circuit breaker per origin, per-request timeouts, bounded retries and per-client TLS.
 *
 * <pre>{@code
 * LumenClient client = LumenClient.fromConfig(config);          // client.yml
 * client.send(Request.get(URI.create("https://pets/v1/pets")).build())
 *       .thenAccept(r -> log.info("{} {}", r.status(), r.bodyString()));
 * }</pre>
 *
 * <p><b>Threads.</b> {@link #send} never blocks and may be called from any thread, including an
 * Undertow IO thread. The returned future completes on a client IO thread (the one that read the
 * response, or the timeout ticker's); dependent actions run there too, so they must not block: use the
 * {@code ...Async} variants with an executor for blocking work.
 *
 * <p><b>Errors.</b> Every failure completes the future with a {@link ClientException} carrying an
 * {@code ERR13xxx} status; HTTP error statuses are ordinary {@link Response}s.
 *
 * <p><b>Discovery.</b> With {@code discovery.enabled}, each origin of {@code discovery.hosts} (a
 * Kubernetes headless Service, {@code http://pets.default.svc.cluster.local:8080}) is resolved
 * through DNS ({@link io.lumen.client.discovery.DnsDiscovery}) when the client is built and again as
 * its TTLs run out; its requests go round robin to every address (a pool and a breaker per
 * address), a retry to another address, and an address that leaves DNS drains: its requests finish,
 * nothing new is sent. A failed resolution keeps the last addresses and is counted
 * ({@link #discoveryFailures()}).
 *
 * <p><b>Retries.</b> A failed attempt is repeated (up to {@code maxRetries} times, within the same
 * request timeout) when the request provably never reached the server (connect or TLS handshake
 * failure, connection found closed before the write), or when the method is idempotent (GET, HEAD,
 * PUT, DELETE, OPTIONS, TRACE). A timeout is never retried. A full queue (ERR13003) and an open
 * breaker (ERR13002) fail at once.
 */
public final class LumenClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LumenClient.class);
    /** How often request deadlines are checked: timeouts fire up to this late. */
    static final long TICK_MS = 10;

    private final ClientConfig config;
    private final ClientErrors errors;
    private final XnioWorker worker;
    private final boolean ownsWorker;
    private final ByteBufferPool bufferPool;
    private final XnioSsl ssl;
    private final SSLContext sslContext;
    private final UndertowClient undertow;
    private final OptionMap tlsOptions;
    private final OptionMap plainOptions;
    private final LongSupplier clock;
    private final ConcurrentHashMap<String, OriginPool> pools = new ConcurrentHashMap<>();
    private final XnioExecutor.Key sweeper;
    private final XnioExecutor.Key ticker;
    private final ArrayList<Call> expired = new ArrayList<>();
    /** host:port -> why the last TLS handshake there rejected the server's certificate. */
    private final Map<String, String> rejected = new ConcurrentHashMap<>();
    /** Origins of discovery.hosts, by origin; fixed after construction (empty when discovery is off). */
    private final Map<String, DiscoveredOrigin> discovered;
    private final DnsDiscovery discovery;
    private volatile boolean closed;

    private LumenClient(Builder b, ClientConfig config) {
        this.config = config;
        this.clock = b.clock;
        this.errors = b.catalogue == null ? ClientErrors.fromClasspath() : new ClientErrors(b.catalogue);
        ClientConfig.Request r = config.request();
        try {
            if (b.worker != null) {
                worker = b.worker;
                ownsWorker = false;
            } else {
                worker = Xnio.getInstance(LumenClient.class.getClassLoader()).createWorker(OptionMap.builder()
                        .set(Options.WORKER_IO_THREADS, r.ioThreads())
                        .set(Options.WORKER_TASK_CORE_THREADS, 1)
                        .set(Options.WORKER_TASK_MAX_THREADS, 2)
                        .set(Options.WORKER_NAME, "lumen-client")
                        .set(Options.TCP_NODELAY, true)
                        .getMap());
                ownsWorker = true;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the client's XNIO worker", e);
        }
        this.bufferPool = new DefaultByteBufferPool(true, r.bufferSize());
        ClientConfig.Tls t = config.tls();
        SSLContext ctx = b.sslContext != null
                ? ClientTls.configure(b.sslContext, t.verifyHostname(), t.tlsVersion())
                : ClientTls.build(b.trustStores, t.loadDefaultTrustStore(), b.keyStore, b.keyPass,
                        t.verifyHostname(), t.tlsVersion(), rejected);
        this.sslContext = ctx;
        this.ssl = new UndertowXnioSsl(worker.getXnio(), OptionMap.EMPTY, bufferPool, ctx);
        this.undertow = UndertowClient.getInstance(LumenClient.class.getClassLoader());
        this.tlsOptions = OptionMap.builder()
                .set(Options.TCP_NODELAY, true)
                .set(UndertowOptions.ENABLE_HTTP2, r.enableHttp2())
                // Undertow's client sets HTTPS endpoint identification unless a JVM-wide property says
                // otherwise; these options are applied after it, so the choice is this client's own.
                .set(UndertowOptions.ENDPOINT_IDENTIFICATION_ALGORITHM, t.verifyHostname() ? "HTTPS" : "")
                .getMap();
        this.plainOptions = OptionMap.builder().set(Options.TCP_NODELAY, true).getMap();
        long interval = Math.max(10, Math.min(1000, Math.min(r.idleTimeout(), r.connectionExpireTime()) / 2));
        this.sweeper = worker.getIoThread().executeAtInterval(this::sweep, interval, TimeUnit.MILLISECONDS);
        this.ticker = worker.getIoThread().executeAtInterval(this::expireTimeouts, TICK_MS, TimeUnit.MILLISECONDS);
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

    public static Builder builder() {
        return new Builder();
    }

    /**
     * A client from {@code client.yml} found through {@code loader}; trust and key stores named there
     * are found through the same config dirs, and status codes come from the loader's catalogue.
     */
    public static LumenClient fromConfig(ConfigLoader loader) {
        ClientConfig config = loader.load("client", ClientConfig.class);
        Builder b = builder().config(config).statusCatalogue(StatusCatalogue.load(loader));
        ClientConfig.Tls t = config.tls();
        if (t.loadTrustStore()) {
            if (loader.locate(t.trustStore()).isPresent()) {
                b.trustStore(KeyStores.load(loader, t.trustStore(), t.trustStorePass(), "client.yml: tls.trustStore"));
            } else {
                LOG.warn("client.yml: tls.trustStore '{}' not found in {} or classpath config/: trusting {}",
                        t.trustStore(), loader.configDirs(), t.loadDefaultTrustStore() ? "the JDK's CAs only" : "nothing");
            }
        }
        if (t.loadKeyStore()) {
            b.keyStore(KeyStores.load(loader, t.keyStore(), t.keyStorePass(), "client.yml: tls.keyStore"),
                    t.keyPass().toCharArray());
        }
        return b.build();
    }

    /**
     * Sends {@code request}. Never blocks and never throws for transport problems: the future
     * completes with the response, or exceptionally with a {@link ClientException}.
     */
    public CompletableFuture<Response> send(Request request) {
        if (closed) {
            return CompletableFuture.failedFuture(errors.closedBeforeSend(request.origin(),
                    new IllegalStateException("client closed")));
        }
        OriginPool pool;
        DiscoveredOrigin d = discovered.isEmpty() ? null : discovered.get(request.origin());
        if (d != null) {
            pool = d.pick(null);
            if (pool == null) {
                return CompletableFuture.failedFuture(errors.connectFailed(request.origin(),
                        new java.net.UnknownHostException("no address of " + request.uri().getHost() + " is known (DNS discovery)")));
            }
        } else {
            pool = pools.get(request.origin());
            if (pool == null) {
                pool = pools.computeIfAbsent(request.origin(), o -> newPool(request));
            }
        }
        long timeout = request.timeoutMs() > 0 ? request.timeoutMs() : config.request().timeout();
        Call call = new Call(this, pool, request, timeout);
        call.start();
        return call.future;
    }

    private OriginPool newPool(Request request) {
        URI u = request.uri();
        boolean tls = u.getScheme().equalsIgnoreCase("https");
        int port = u.getPort() == -1 ? (tls ? 443 : 80) : u.getPort();
        boolean h2c = !tls && config.request().h2c();
        String scheme = tls ? "https" : h2c ? "h2c-prior" : "http";
        try {
            URI connect = new URI(scheme, null, u.getHost(), port, null, null, null);
            return new OriginPool(this, request.origin(), connect, tls ? tlsOptions : plainOptions,
                    h2c || (tls && config.request().enableHttp2()), null);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("bad origin " + request.origin(), e);
        }
    }

    /**
     * The pool of one address of a discovered origin, kept among the client's pools under
     * {@code origin@address}. Over TLS the handshake names {@code name} (SNI, certificate check),
     * not the address.
     */
    private OriginPool addressPool(String origin, String name, URI address) {
        boolean tls = address.getScheme().equals("https");
        boolean h2c = !tls && config.request().h2c();
        URI connect = h2c ? URI.create("h2c-prior://" + address.getRawAuthority()) : address;
        XnioSsl named = tls ? new UndertowXnioSsl(worker.getXnio(), OptionMap.EMPTY, bufferPool,
                PeerNameSsl.forName(sslContext, name)) : null;
        OriginPool p = new OriginPool(this, address.toString(), connect, tls ? tlsOptions : plainOptions,
                h2c || (tls && config.request().enableHttp2()), named);
        pools.put(origin + "@" + address.getRawAuthority(), p);
        return p;
    }

    /** Where a failed attempt tries again: another address of a discovered origin, else the same pool. */
    OriginPool retryPool(Request request, OriginPool failed) {
        DiscoveredOrigin d = discovered.isEmpty() ? null : discovered.get(request.origin());
        OriginPool p = d == null ? null : d.pick(failed);
        return p == null ? failed : p;
    }

    /** Resolutions of discovery.hosts that failed (the last addresses were kept); 0 without discovery. */
    public long discoveryFailures() {
        return discovery == null ? 0 : discovery.failures();
    }

    /** The addresses a discovered origin's requests go to now ({@code http://10.0.0.5:8080}, ...); empty for other origins. */
    public List<URI> discoveredAddresses(URI origin) {
        DiscoveredOrigin d = discovered.get(Request.get(origin).build().origin());
        return d == null ? List.of() : d.pools().stream().map(OriginPool::address).toList();
    }

    /** Pool counts of one origin ({@code https://host:port}, or any URI on it; a discovered one sums its addresses); all zero when unknown. */
    public PoolStats stats(URI origin) {
        String key = Request.get(origin).build().origin();
        DiscoveredOrigin d = discovered.get(key);
        if (d != null) {
            PoolStats sum = PoolStats.EMPTY;
            for (OriginPool p : d.pools()) {
                sum = sum.plus(p.stats());
            }
            return sum;
        }
        OriginPool p = pools.get(key);
        return p == null ? PoolStats.EMPTY : p.stats();
    }

    /** Pool counts summed over every origin. */
    public PoolStats stats() {
        PoolStats sum = PoolStats.EMPTY;
        for (OriginPool p : pools.values()) {
            sum = sum.plus(p.stats());
        }
        return sum;
    }

    /** The breaker state of an origin; CLOSED when nothing was sent there yet. */
    public CircuitBreaker.State breakerState(URI origin) {
        OriginPool p = pools.get(Request.get(origin).build().origin());
        return p == null ? CircuitBreaker.State.CLOSED : p.breaker.state();
    }

    public ClientConfig config() {
        return config;
    }

    /** Fails waiting requests, closes every connection and stops the worker when the client made it. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (discovery != null) {
            discovery.close();
        }
        sweeper.remove();
        ticker.remove();
        for (OriginPool p : pools.values()) {
            p.close();
        }
        if (ownsWorker) {
            worker.shutdown();
            try {
                worker.awaitTermination(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
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
        ClientConfig.Request r = config.request();
        for (Map.Entry<String, OriginPool> e : pools.entrySet()) {
            OriginPool p = e.getValue();
            try {
                p.sweep(now, r.idleTimeout(), r.connectionExpireTime());
                if (p.retired() && p.drained()) {
                    pools.remove(e.getKey(), p); // an address that left DNS, now without requests or connections
                }
            } catch (RuntimeException ex) {
                LOG.warn("pool sweep of {} failed", p.origin, ex);
            }
        }
    }

    /** Why the last handshake with {@code hostPort} rejected the server certificate, or null. */
    String tlsRejection(String hostPort) {
        return rejected.isEmpty() ? null : rejected.get(hostPort);
    }

    boolean isClosed() {
        return closed;
    }

    ClientErrors errors() {
        return errors;
    }

    XnioWorker worker() {
        return worker;
    }

    ByteBufferPool bufferPool() {
        return bufferPool;
    }

    XnioSsl ssl() {
        return ssl;
    }

    UndertowClient undertow() {
        return undertow;
    }

    LongSupplier clock() {
        return clock;
    }

    /**
     * Builds a client. Settings not given come from {@link ClientConfig#defaults()} (or the
     * {@link #config} passed). Not thread-safe.
     */
    public static final class Builder {
        private static final ObjectMapper MAPPER = new ObjectMapper();
        private ClientConfig base = ClientConfig.defaults();
        private final Map<String, Object> request = new LinkedHashMap<>();
        private final Map<String, Object> tls = new LinkedHashMap<>();
        private final List<KeyStore> trustStores = new ArrayList<>();
        private KeyStore keyStore;
        private char[] keyPass;
        private SSLContext sslContext;
        private XnioWorker worker;
        private StatusCatalogue catalogue;
        private LongSupplier clock = () -> System.nanoTime() / 1_000_000L;

        private Builder() {
        }

        /** Starts from a bound client.yml; the setters below override single keys. */
        public Builder config(ClientConfig config) {
            this.base = Objects.requireNonNull(config, "config");
            return this;
        }

        /** DNS discovery of {@code discovery.hosts} (client.yml's {@code discovery}). */
        public Builder discovery(io.lumen.client.discovery.DiscoveryConfig discovery) {
            this.base = new ClientConfig(base.tls(), base.request(), Objects.requireNonNull(discovery, "discovery"));
            return this;
        }

        /** Sets one {@code request.*} key of client.yml by name, e.g. {@code request("maxQueue", 10)}. */
        public Builder request(String key, Object value) {
            request.put(key, value);
            return this;
        }

        public Builder connectTimeout(long ms) {
            return request("connectTimeout", ms);
        }

        public Builder timeout(long ms) {
            return request("timeout", ms);
        }

        public Builder maxRetries(int n) {
            return request("maxRetries", n);
        }

        public Builder maxConnections(int n) {
            return request("connectionPoolSize", n);
        }

        public Builder maxQueue(int n) {
            return request("maxQueue", n);
        }

        public Builder breaker(int errorThreshold, long resetTimeoutMs) {
            request("errorThreshold", errorThreshold);
            return request("resetTimeout", resetTimeoutMs);
        }

        public Builder enableHttp2(boolean on) {
            return request("enableHttp2", on);
        }

        /** Cleartext HTTP/2 with prior knowledge for every {@code http://} origin. */
        public Builder h2c(boolean on) {
            return request("h2c", on);
        }

        /** Hostname verification of this client only (default on). */
        public Builder verifyHostname(boolean on) {
            tls.put("verifyHostname", on);
            return this;
        }

        /** Also trust the JDK's default CAs (default on). */
        public Builder trustDefaultCas(boolean on) {
            tls.put("loadDefaultTrustStore", on);
            return this;
        }

        public Builder tlsVersion(String version) {
            tls.put("tlsVersion", version);
            return this;
        }

        /** Trusts the certificates in {@code store} (may be called more than once). */
        public Builder trustStore(KeyStore store) {
            trustStores.add(Objects.requireNonNull(store));
            return this;
        }

        /** The client key and certificate for mutual TLS. */
        public Builder keyStore(KeyStore store, char[] keyPass) {
            this.keyStore = Objects.requireNonNull(store);
            this.keyPass = keyPass == null ? null : keyPass.clone();
            return this;
        }

        /** A ready SSL context instead of the stores; hostname verification and versions are still applied. */
        public Builder sslContext(SSLContext context) {
            this.sslContext = context;
            return this;
        }

        /** Runs on {@code worker} (not closed by the client) instead of a worker of its own. */
        public Builder worker(XnioWorker worker) {
            this.worker = worker;
            return this;
        }

        /** Where ERR13xxx statuses come from; default: status.yml shipped in lumen-core. */
        public Builder statusCatalogue(StatusCatalogue catalogue) {
            this.catalogue = catalogue;
            return this;
        }

        /** A millisecond clock for breaker and pool timing (tests pass a controllable one). */
        public Builder clock(LongSupplier millis) {
            this.clock = Objects.requireNonNull(millis);
            return this;
        }

        public LumenClient build() {
            ClientConfig config = base;
            if (!request.isEmpty() || !tls.isEmpty()) {
                @SuppressWarnings("unchecked")
                Map<String, Object> tree = MAPPER.convertValue(base, Map.class);
                merge(tree, "request", request);
                merge(tree, "tls", tls);
                try {
                    config = MAPPER.convertValue(tree, ClientConfig.class);
                } catch (IllegalArgumentException e) {
                    Throwable c = e;
                    while (c.getCause() != null) {
                        c = c.getCause();
                    }
                    throw new IllegalArgumentException("bad client setting: " + c.getMessage(), e);
                }
            }
            return new LumenClient(this, config);
        }

        @SuppressWarnings("unchecked")
        private static void merge(Map<String, Object> tree, String section, Map<String, Object> values) {
            Map<String, Object> s = (Map<String, Object>) tree.computeIfAbsent(section, k -> new LinkedHashMap<>());
            s.putAll(values);
        }
    }
}
