package io.lumen.client;

import io.lumen.client.pool.PoolStats;
import io.lumen.config.ConfigLoader;
import io.lumen.status.StatusCatalogue;
import org.xnio.XnioWorker;

import javax.net.ssl.SSLContext;
import java.net.URI;
import java.net.UnknownHostException;
import java.security.KeyStore;
import java.util.List;
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
 * {@code ERR1902x} status; HTTP error statuses are ordinary {@link Response}s.
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
 * <p><b>Inside.</b> This class is the facade; what the parts below it share (settings, errors, clock,
 * transport, timers, the closed flag) is its {@code ClientContext}; the worker, buffers, TLS and
 * connect options are the {@code ClientTransport}; each origin (and each discovered address) is an
 * {@code Origin} of its {@code Origins}: a {@link io.lumen.client.pool.ConnectionPool} (the one the
 * proxy uses), a breaker and a home IO thread every request to it runs on. {@link LumenClientBuilder}
 * makes it.
 */
public final class LumenClient implements AutoCloseable {
    private final ClientContext context;
    private final Origins origins;

    /** Made by {@link LumenClientBuilder#build()}; a null catalogue: the status table shipped in lumen-core. */
    LumenClient(ClientConfig config, TlsMaterial tls, XnioWorker worker, StatusCatalogue catalogue, LongSupplier clock) {
        ClientErrors errors = catalogue == null ? ClientErrors.fromClasspath() : new ClientErrors(catalogue);
        this.context = new ClientContext(config, errors, new ClientTransport(config, worker, tls), clock);
        this.origins = new Origins(context);
    }

    public static LumenClientBuilder builder() {
        return new LumenClientBuilder();
    }

    /**
     * A client from {@code client.yml} found through {@code loader}; trust and key stores named there
     * are found through the same config dirs, and status codes come from the loader's catalogue.
     */
    public static LumenClient fromConfig(ConfigLoader loader) {
        ClientConfig config = loader.load("client", ClientConfig.class);
        LumenClientBuilder b = builder().config(config).statusCatalogue(StatusCatalogue.load(loader));
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
        if (context.isClosed()) {
            return CompletableFuture.failedFuture(context.errors.closedBeforeSend(request.origin(),
                    new IllegalStateException("client closed")));
        }
        Origin origin;
        DiscoveredOrigin d = origins.discovered(request.origin());
        if (d != null) {
            origin = d.pick(null);
            if (origin == null) {
                return CompletableFuture.failedFuture(context.errors.connectFailed(request.origin(),
                        new UnknownHostException("no address of " + request.uri().getHost() + " is known (DNS discovery)")));
            }
        } else {
            origin = origins.origin(request);
        }
        long timeout = request.timeoutMs() > 0 ? request.timeoutMs() : context.settings.timeout();
        Call call = new Call(context, origins, origin, request, timeout);
        call.start();
        return call.future;
    }

    /** Resolutions of discovery.hosts that failed (the last addresses were kept); 0 without discovery. */
    public long discoveryFailures() {
        return origins.discoveryFailures();
    }

    /** The addresses a discovered origin's requests go to now ({@code http://10.0.0.5:8080}, ...); empty for other origins. */
    public List<URI> discoveredAddresses(URI origin) {
        DiscoveredOrigin d = origins.discovered(Request.get(origin).build().origin());
        return d == null ? List.of() : d.live().stream().map(Origin::address).toList();
    }

    /** Pool counts of one origin ({@code https://host:port}, or any URI on it; a discovered one sums its addresses); all zero when unknown. */
    public PoolStats stats(URI origin) {
        String key = Request.get(origin).build().origin();
        DiscoveredOrigin d = origins.discovered(key);
        if (d != null) {
            PoolStats sum = PoolStats.EMPTY;
            for (Origin o : d.live()) {
                sum = sum.plus(o.stats());
            }
            return sum;
        }
        Origin o = origins.existing(key);
        return o == null ? PoolStats.EMPTY : o.stats();
    }

    /** Pool counts summed over every origin. */
    public PoolStats stats() {
        PoolStats sum = PoolStats.EMPTY;
        for (Origin o : origins.all()) {
            sum = sum.plus(o.stats());
        }
        return sum;
    }

    /** The breaker state of an origin; CLOSED when nothing was sent there yet. */
    public CircuitBreaker.State breakerState(URI origin) {
        Origin o = origins.existing(Request.get(origin).build().origin());
        return o == null ? CircuitBreaker.State.CLOSED : o.breaker.state();
    }

    public ClientConfig config() {
        return context.config;
    }

    /** Fails waiting requests, closes every connection and stops the worker when the client made it. */
    @Override
    public void close() {
        if (context.close()) {
            origins.close();
            context.transport.close();
        }
    }

    /** What the builder was given for TLS: trusted stores, the client key, or a ready context. */
    record TlsMaterial(List<KeyStore> trustStores, KeyStore keyStore, char[] keyPass, SSLContext context) {
    }
}
