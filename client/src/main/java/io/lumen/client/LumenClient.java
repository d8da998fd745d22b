package io.lumen.client;

import io.lumen.client.discovery.DiscoveryConfig;
import io.lumen.config.ConfigLoader;
import io.lumen.status.StatusCatalogue;
import io.undertow.connector.ByteBufferPool;
import org.xnio.XnioWorker;

import javax.net.ssl.SSLContext;
import java.net.URI;
import java.net.UnknownHostException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
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
 * PUT, DELETE, OPTIONS, TRACE). A timeout is never retried. A full queue (ERR19023) and an open
 * breaker (ERR19022) fail at once.
 *
 * <p><b>Inside.</b> This class is the facade; the worker, buffers, TLS and connect options are its
 * {@code ClientTransport}, the pools per origin (and per discovered address) with the deadline tick
 * and idle sweep its {@code Origins}.
 */
public final class LumenClient implements AutoCloseable {
    private final ClientConfig config;
    private final ClientErrors errors;
    private final LongSupplier clock;
    private final ClientTransport transport;
    private final Origins origins;
    private volatile boolean closed;

    private LumenClient(Builder b, ClientConfig config) {
        this.config = config;
        this.clock = b.clock;
        this.errors = b.catalogue == null ? ClientErrors.fromClasspath() : new ClientErrors(b.catalogue);
        this.transport = new ClientTransport(config, b.worker,
                new TlsMaterial(List.copyOf(b.trustStores), b.keyStore, b.keyPass, b.sslContext));
        this.origins = new Origins(this, transport, config, clock);
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
        t.trustStores(loader, "client.yml").forEach(b::trustStore);
        KeyStore key = t.keyStore(loader, "client.yml");
        if (key != null) {
            b.keyStore(key, t.keyPass().toCharArray());
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
        DiscoveredOrigin d = origins.discovered(request.origin());
        if (d != null) {
            pool = d.pick(null);
            if (pool == null) {
                return CompletableFuture.failedFuture(errors.connectFailed(request.origin(),
                        new UnknownHostException("no address of " + request.uri().getHost() + " is known (DNS discovery)")));
            }
        } else {
            pool = origins.pool(request);
        }
        long timeout = request.timeoutMs() > 0 ? request.timeoutMs() : config.request().timeout();
        Call call = new Call(this, pool, request, timeout);
        call.start();
        return call.future;
    }

    /** Where a failed attempt tries again: another address of a discovered origin, else the same pool. */
    OriginPool retryPool(Request request, OriginPool failed) {
        return origins.retryPool(request, failed);
    }

    /** Resolutions of discovery.hosts that failed (the last addresses were kept); 0 without discovery. */
    public long discoveryFailures() {
        return origins.discoveryFailures();
    }

    /** The addresses a discovered origin's requests go to now ({@code http://10.0.0.5:8080}, ...); empty for other origins. */
    public List<URI> discoveredAddresses(URI origin) {
        DiscoveredOrigin d = origins.discovered(Request.get(origin).build().origin());
        return d == null ? List.of() : d.pools().stream().map(OriginPool::address).toList();
    }

    /** Pool counts of one origin ({@code https://host:port}, or any URI on it; a discovered one sums its addresses); all zero when unknown. */
    public PoolStats stats(URI origin) {
        String key = Request.get(origin).build().origin();
        DiscoveredOrigin d = origins.discovered(key);
        if (d != null) {
            PoolStats sum = PoolStats.EMPTY;
            for (OriginPool p : d.pools()) {
                sum = sum.plus(p.stats());
            }
            return sum;
        }
        OriginPool p = origins.existing(key);
        return p == null ? PoolStats.EMPTY : p.stats();
    }

    /** Pool counts summed over every origin. */
    public PoolStats stats() {
        PoolStats sum = PoolStats.EMPTY;
        for (OriginPool p : origins.all()) {
            sum = sum.plus(p.stats());
        }
        return sum;
    }

    /** The breaker state of an origin; CLOSED when nothing was sent there yet. */
    public CircuitBreaker.State breakerState(URI origin) {
        OriginPool p = origins.existing(Request.get(origin).build().origin());
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
        origins.close();
        transport.close();
    }

    boolean isClosed() {
        return closed;
    }

    ClientErrors errors() {
        return errors;
    }

    ClientTransport transport() {
        return transport;
    }

    ByteBufferPool bufferPool() {
        return transport.bufferPool();
    }

    LongSupplier clock() {
        return clock;
    }

    /** What the builder was given for TLS: trusted stores, the client key, or a ready context. */
    record TlsMaterial(List<KeyStore> trustStores, KeyStore keyStore, char[] keyPass, SSLContext context) {
    }

    /**
     * Builds a client. Settings not given come from {@link ClientConfig#defaults()} (or the
     * {@link #config} passed): each setter overrides one key of {@code client.yml}, and
     * {@link #build()} checks the result as the config loader checks the file. Not thread-safe.
     */
    public static final class Builder {
        private ClientConfig base = ClientConfig.defaults();
        // request.* and tls.* keys set here; null: the base config's value
        private Integer connectTimeout;
        private Integer timeout;
        private Integer errorThreshold;
        private Integer resetTimeout;
        private Boolean enableHttp2;
        private Integer connectionPoolSize;
        private Long maxReqPerConn;
        private Long connectionExpireTime;
        private Long idleTimeout;
        private Integer maxQueue;
        private Integer maxRetries;
        private Boolean h2c;
        private Integer maxStreamsPerConnection;
        private Integer ioThreads;
        private Integer bufferSize;
        private Integer maxResponseSize;
        private Boolean verifyHostname;
        private Boolean loadDefaultTrustStore;
        private String tlsVersion;
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
        public Builder discovery(DiscoveryConfig discovery) {
            this.base = new ClientConfig(base.tls(), base.request(), Objects.requireNonNull(discovery, "discovery"));
            return this;
        }

        /** {@code request.connectTimeout}: ms for TCP connect plus TLS handshake. */
        public Builder connectTimeout(long ms) {
            this.connectTimeout = toInt("connectTimeout", ms);
            return this;
        }

        /** {@code request.timeout}: ms for a whole request, waiting for a connection included. */
        public Builder timeout(long ms) {
            this.timeout = toInt("timeout", ms);
            return this;
        }

        /** {@code request.maxRetries}: extra attempts after a failure. */
        public Builder maxRetries(int n) {
            this.maxRetries = n;
            return this;
        }

        /** {@code request.connectionPoolSize}: connections per origin. */
        public Builder maxConnections(int n) {
            this.connectionPoolSize = n;
            return this;
        }

        /** {@code request.maxQueue}: requests that may wait for a connection per origin. */
        public Builder maxQueue(int n) {
            this.maxQueue = n;
            return this;
        }

        /** {@code request.errorThreshold} and {@code request.resetTimeout} (ms) of every origin's breaker. */
        public Builder breaker(int errorThreshold, long resetTimeoutMs) {
            this.errorThreshold = errorThreshold;
            this.resetTimeout = toInt("resetTimeout", resetTimeoutMs);
            return this;
        }

        /** {@code request.enableHttp2}: offer h2 by ALPN on TLS. */
        public Builder enableHttp2(boolean on) {
            this.enableHttp2 = on;
            return this;
        }

        /** {@code request.h2c}: cleartext HTTP/2 with prior knowledge for every {@code http://} origin. */
        public Builder h2c(boolean on) {
            this.h2c = on;
            return this;
        }

        /** {@code request.maxReqPerConn}: requests after which a connection is retired. */
        public Builder maxRequestsPerConnection(long n) {
            this.maxReqPerConn = n;
            return this;
        }

        /** {@code request.connectionExpireTime}: ms after which a connection is retired. */
        public Builder connectionExpireTime(long ms) {
            this.connectionExpireTime = ms;
            return this;
        }

        /** {@code request.idleTimeout}: ms an unused connection stays open. */
        public Builder idleTimeout(long ms) {
            this.idleTimeout = ms;
            return this;
        }

        /** {@code request.maxStreamsPerConnection}: HTTP/2 streams per connection when the server allows more. */
        public Builder maxStreamsPerConnection(int n) {
            this.maxStreamsPerConnection = n;
            return this;
        }

        /** {@code request.ioThreads}: IO threads of the client's own worker (unused with {@link #worker}). */
        public Builder ioThreads(int n) {
            this.ioThreads = n;
            return this;
        }

        /** {@code request.bufferSize}: IO buffer size in bytes. */
        public Builder bufferSize(int bytes) {
            this.bufferSize = bytes;
            return this;
        }

        /** {@code request.maxResponseSize}: larger bodies fail with ERR19026. */
        public Builder maxResponseSize(int bytes) {
            this.maxResponseSize = bytes;
            return this;
        }

        /** {@code tls.verifyHostname}: hostname verification of this client only (default on). */
        public Builder verifyHostname(boolean on) {
            this.verifyHostname = on;
            return this;
        }

        /** {@code tls.loadDefaultTrustStore}: also trust the JDK's default CAs (default on). */
        public Builder trustDefaultCas(boolean on) {
            this.loadDefaultTrustStore = on;
            return this;
        }

        /** {@code tls.tlsVersion}: {@code TLSv1.3} (offers 1.3 and 1.2) or {@code TLSv1.2} (1.2 only). */
        public Builder tlsVersion(String version) {
            this.tlsVersion = version;
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

        /**
         * The client. The settings are checked by {@link ClientConfig}'s records, as client.yml is.
         *
         * @throws IllegalArgumentException {@code bad client setting: ...} naming the key, for a value out of range
         */
        public LumenClient build() {
            ClientConfig.Request r = base.request();
            ClientConfig.Tls t = base.tls();
            ClientConfig config;
            try {
                ClientConfig.Request request = new ClientConfig.Request(or(connectTimeout, r.connectTimeout()),
                        or(timeout, r.timeout()), or(errorThreshold, r.errorThreshold()), or(resetTimeout, r.resetTimeout()),
                        or(enableHttp2, r.enableHttp2()), or(connectionPoolSize, r.connectionPoolSize()),
                        or(maxReqPerConn, r.maxReqPerConn()), or(connectionExpireTime, r.connectionExpireTime()),
                        or(idleTimeout, r.idleTimeout()), or(maxQueue, r.maxQueue()), or(maxRetries, r.maxRetries()),
                        or(h2c, r.h2c()), or(maxStreamsPerConnection, r.maxStreamsPerConnection()),
                        or(ioThreads, r.ioThreads()), or(bufferSize, r.bufferSize()), or(maxResponseSize, r.maxResponseSize()));
                ClientConfig.Tls tls = new ClientConfig.Tls(or(verifyHostname, t.verifyHostname()),
                        or(loadDefaultTrustStore, t.loadDefaultTrustStore()), t.loadTrustStore(), t.trustStore(),
                        t.trustStorePass(), t.loadKeyStore(), t.keyStore(), t.keyStorePass(), t.keyPass(),
                        or(tlsVersion, t.tlsVersion()));
                config = new ClientConfig(tls, request, base.discovery());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("bad client setting: " + e.getMessage(), e);
            }
            return new LumenClient(this, config);
        }

        private static <T> T or(T set, T base) {
            return set != null ? set : base;
        }

        private static int toInt(String key, long value) {
            if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("bad client setting: " + key + " " + value + " is out of range");
            }
            return (int) value;
        }
    }
}
