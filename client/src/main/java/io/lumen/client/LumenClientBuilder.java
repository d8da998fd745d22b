package io.lumen.client;

import io.lumen.client.discovery.DiscoveryConfig;
import io.lumen.status.StatusCatalogue;
import org.xnio.XnioWorker;

import javax.net.ssl.SSLContext;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * Builds a client. Settings not given come from {@link ClientConfig#defaults()} (or the
 * {@link #config} passed): each setter overrides one key of {@code client.yml}, and
 * {@link #build()} checks the result as the config loader checks the file. Not thread-safe.
 */
public final class LumenClientBuilder {
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

    LumenClientBuilder() {
    }

    /** Starts from a bound client.yml; the setters below override single keys. */
    public LumenClientBuilder config(ClientConfig config) {
        this.base = Objects.requireNonNull(config, "config");
        return this;
    }

    /** DNS discovery of {@code discovery.hosts} (client.yml's {@code discovery}). */
    public LumenClientBuilder discovery(DiscoveryConfig discovery) {
        this.base = new ClientConfig(base.tls(), base.request(), Objects.requireNonNull(discovery, "discovery"),
                base.oauth(), base.pathPrefixServices());
        return this;
    }

    /** {@code request.connectTimeout}: ms for TCP connect plus TLS handshake. */
    public LumenClientBuilder connectTimeout(long ms) {
        this.connectTimeout = toInt("connectTimeout", ms);
        return this;
    }

    /** {@code request.timeout}: ms for a whole request, waiting for a connection included. */
    public LumenClientBuilder timeout(long ms) {
        this.timeout = toInt("timeout", ms);
        return this;
    }

    /** {@code request.maxRetries}: extra attempts after a failure. */
    public LumenClientBuilder maxRetries(int n) {
        this.maxRetries = n;
        return this;
    }

    /** {@code request.connectionPoolSize}: connections per origin. */
    public LumenClientBuilder maxConnections(int n) {
        this.connectionPoolSize = n;
        return this;
    }

    /** {@code request.maxQueue}: requests that may wait for a connection per origin. */
    public LumenClientBuilder maxQueue(int n) {
        this.maxQueue = n;
        return this;
    }

    /** {@code request.errorThreshold} and {@code request.resetTimeout} (ms) of every origin's breaker. */
    public LumenClientBuilder breaker(int errorThreshold, long resetTimeoutMs) {
        this.errorThreshold = errorThreshold;
        this.resetTimeout = toInt("resetTimeout", resetTimeoutMs);
        return this;
    }

    /** {@code request.enableHttp2}: offer h2 by ALPN on TLS. */
    public LumenClientBuilder enableHttp2(boolean on) {
        this.enableHttp2 = on;
        return this;
    }

    /** {@code request.h2c}: cleartext HTTP/2 with prior knowledge for every {@code http://} origin. */
    public LumenClientBuilder h2c(boolean on) {
        this.h2c = on;
        return this;
    }

    /** {@code request.maxReqPerConn}: requests after which a connection is retired. */
    public LumenClientBuilder maxRequestsPerConnection(long n) {
        this.maxReqPerConn = n;
        return this;
    }

    /** {@code request.connectionExpireTime}: ms after which a connection is retired. */
    public LumenClientBuilder connectionExpireTime(long ms) {
        this.connectionExpireTime = ms;
        return this;
    }

    /** {@code request.idleTimeout}: ms an unused connection stays open. */
    public LumenClientBuilder idleTimeout(long ms) {
        this.idleTimeout = ms;
        return this;
    }

    /** {@code request.maxStreamsPerConnection}: HTTP/2 streams per connection when the server allows more. */
    public LumenClientBuilder maxStreamsPerConnection(int n) {
        this.maxStreamsPerConnection = n;
        return this;
    }

    /** {@code request.ioThreads}: IO threads of the client's own worker (unused with {@link #worker}). */
    public LumenClientBuilder ioThreads(int n) {
        this.ioThreads = n;
        return this;
    }

    /** {@code request.bufferSize}: IO buffer size in bytes. */
    public LumenClientBuilder bufferSize(int bytes) {
        this.bufferSize = bytes;
        return this;
    }

    /** {@code request.maxResponseSize}: larger bodies fail with ERR19026. */
    public LumenClientBuilder maxResponseSize(int bytes) {
        this.maxResponseSize = bytes;
        return this;
    }

    /** {@code tls.verifyHostname}: hostname verification of this client only (default on). */
    public LumenClientBuilder verifyHostname(boolean on) {
        this.verifyHostname = on;
        return this;
    }

    /** {@code tls.loadDefaultTrustStore}: also trust the JDK's default CAs (default on). */
    public LumenClientBuilder trustDefaultCas(boolean on) {
        this.loadDefaultTrustStore = on;
        return this;
    }

    /** {@code tls.tlsVersion}: {@code TLSv1.3} (offers 1.3 and 1.2) or {@code TLSv1.2} (1.2 only). */
    public LumenClientBuilder tlsVersion(String version) {
        this.tlsVersion = version;
        return this;
    }

    /** Trusts the certificates in {@code store} (may be called more than once). */
    public LumenClientBuilder trustStore(KeyStore store) {
        trustStores.add(Objects.requireNonNull(store));
        return this;
    }

    /** The client key and certificate for mutual TLS. */
    public LumenClientBuilder keyStore(KeyStore store, char[] keyPass) {
        this.keyStore = Objects.requireNonNull(store);
        this.keyPass = keyPass == null ? null : keyPass.clone();
        return this;
    }

    /** A ready SSL context instead of the stores; hostname verification and versions are still applied. */
    public LumenClientBuilder sslContext(SSLContext context) {
        this.sslContext = context;
        return this;
    }

    /** Runs on {@code worker} (not closed by the client) instead of a worker of its own. */
    public LumenClientBuilder worker(XnioWorker worker) {
        this.worker = worker;
        return this;
    }

    /** Where ERR1902x statuses come from; default: the table shipped in lumen-core. */
    public LumenClientBuilder statusCatalogue(StatusCatalogue catalogue) {
        this.catalogue = catalogue;
        return this;
    }

    /** A millisecond clock for breaker and pool timing (tests pass a controllable one). */
    public LumenClientBuilder clock(LongSupplier millis) {
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
            config = new ClientConfig(tls, request, base.discovery(), base.oauth(), base.pathPrefixServices());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad client setting: " + e.getMessage(), e);
        }
        return new LumenClient(config, new LumenClient.TlsMaterial(List.copyOf(trustStores), keyStore, keyPass, sslContext),
                worker, catalogue, clock);
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
