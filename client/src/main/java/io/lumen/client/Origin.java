package io.lumen.client;

import io.lumen.client.pool.ConnectionPool;
import io.lumen.client.pool.PoolStats;
import org.xnio.XnioIoThread;

import java.net.URI;
import java.util.concurrent.RejectedExecutionException;

/**
 * One origin the client sends to ({@code scheme://host:port}), or one address of a discovered
 * origin: its {@link ConnectionPool} (the one the proxy uses too), its circuit breaker, and its
 * home IO thread.
 *
 * <p>Every request to the origin runs on its home thread: it borrows a connection there, is sent
 * there and its response is read there. So the pool is one thread's slot and {@code
 * connectionPoolSize} and {@code maxQueue} bound the origin as a whole; sequential requests find
 * the one keep-alive connection, a burst shares one HTTP/2 connection, and a request sent from a
 * response callback of the same origin runs at once, without a hop. A request sent from any other
 * thread costs one task handed to the home thread. Origins get their home threads round robin
 * from the client's worker, so several origins use several threads.
 *
 * <p>Thread-safe: the fields are final except the retired flag (volatile); the pool is used on
 * the home thread only.
 */
final class Origin {
    final String origin;
    final ConnectionPool pool;
    final CircuitBreaker breaker;
    final XnioIoThread home;
    /** The URI connections are opened to (scheme, host or address, port). */
    private final URI address;
    /** {@code host:port} of a TLS origin, where the client's trust manager records rejections; null for plain. */
    private final String hostPort;
    private final ClientContext context;
    private volatile boolean retired;

    Origin(ClientContext context, String origin, URI address, ConnectionPool pool, XnioIoThread home) {
        this.context = context;
        this.origin = origin;
        this.address = address;
        this.pool = pool;
        this.home = home;
        ClientConfig.Request r = context.settings;
        this.breaker = new CircuitBreaker(r.errorThreshold(), r.resetTimeout(), context.clock());
        this.hostPort = address.getScheme().equals("https") ? address.getHost() + ":" + address.getPort() : null;
    }

    URI address() {
        return address;
    }

    /** Runs {@code task} on the home thread: now when called there, else as a task of that thread. */
    void onHome(Runnable task) {
        if (Thread.currentThread() == home) {
            task.run();
            return;
        }
        try {
            home.execute(task);
        } catch (RejectedExecutionException e) {
            task.run(); // the worker is stopping (the client closes): the task fails its request here
        }
    }

    /** ERR19025 when the last handshake with this origin rejected its certificate, else null. */
    ClientException tlsFailure() {
        String why = hostPort == null ? null : context.transport.tlsRejection(hostPort);
        return why == null ? null : context.errors.tlsRejected(origin, why);
    }

    /**
     * Its address left a discovered name's set: idle connections close now, busy ones after their
     * requests; queued requests are still served. The client forgets it once {@link #drained()}.
     */
    void retire() {
        retired = true;
        pool.retire();
    }

    boolean retired() {
        return retired;
    }

    /** Retired, with no connection and no request left. */
    boolean drained() {
        PoolStats s = pool.stats();
        return retired && s.open() + s.connecting() + s.abandoned() + s.inFlight() + s.pending() == 0;
    }

    PoolStats stats() {
        return pool.stats();
    }

    /** Fails its waiting requests and closes its connections. */
    void close() {
        pool.close();
    }
}
