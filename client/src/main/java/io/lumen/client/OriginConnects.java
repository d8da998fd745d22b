package io.lumen.client;

import io.lumen.client.connect.UpstreamConnector;
import io.undertow.client.ClientConnection;
import org.xnio.IoUtils;
import org.xnio.OptionMap;
import org.xnio.ssl.XnioSsl;

import java.net.URI;

/**
 * The connects of one {@link OriginPool}, opened by the shared {@link UpstreamConnector} (to its URI:
 * an origin, or one address of a discovered name; TLS with ALPN or h2c prior knowledge; the connect
 * timeout): how many are under way or given up, the client's errors for a failed one, and what a
 * new connection turned out to be (HTTP/1.1 or HTTP/2), which tells the pool how many waiting
 * requests a connection being opened will carry.
 *
 * <p>Threading: the counters and every {@link Conn} field it touches are guarded by the pool's lock
 * (the pool object's monitor, as for {@link Conn}); the {@code ...Locked} methods are called with it
 * held. Undertow is called, and failed waiters are completed, outside it. Connect results, connect
 * timeouts and failures arrive on the connection's IO thread through {@link Conn}.
 */
final class OriginConnects {
    private final OriginPool pool;
    private final ClientTransport transport;
    private final ClientErrors errors;
    private final UpstreamConnector connector;
    private final OptionMap options;
    /** {@code host:port} of a TLS origin, where the client's trust manager records rejections; null for plain. */
    private final String hostPort;

    /** Connections being opened, their connect timer armed (guarded by the pool's lock). */
    int connecting;
    /** Connects given up after the timeout whose socket has not resolved yet (guarded by the pool's lock). */
    int abandoned;
    /** Connections that opened (guarded by the pool's lock). */
    long opened;
    /** The next connection will be HTTP/1.1: the last one was, or HTTP/2 is not offered (guarded by the pool's lock). */
    private boolean expectHttp1;

    /**
     * @param connectUri scheme ({@code http}, {@code https}, {@code h2c-prior}), host or address, port
     * @param ssl        TLS of this pool (a discovered address: the handshake names the discovered name); null: the client's
     */
    OriginConnects(OriginPool pool, ClientTransport transport, ClientErrors errors, URI connectUri, OptionMap options,
                   boolean expectMultiplexing, XnioSsl ssl, long connectTimeout) {
        this.pool = pool;
        this.transport = transport;
        this.errors = errors;
        boolean https = connectUri.getScheme().equals("https");
        this.connector = new UpstreamConnector(connectUri, !https ? null : ssl != null ? ssl : transport.ssl(), connectTimeout);
        this.options = options;
        this.hostPort = https ? connectUri.getHost() + ":" + connectUri.getPort() : null;
        this.expectHttp1 = !expectMultiplexing;
    }

    URI address() {
        return connector.uri();
    }

    boolean expectHttp1Locked() {
        return expectHttp1;
    }

    /** A connection to open, counted as connecting; the caller adds it to the pool and calls {@link #start} outside the lock. */
    Conn newConnLocked() {
        connecting++;
        return new Conn(pool);
    }

    /** Starts the connect of {@code c} on the next of the worker's IO threads (the connector arms its timeout). */
    void start(Conn c) {
        c.attempt = connector.open(transport.worker().getIoThread(), transport.bufferPool(), options, c);
    }

    /** The connect of {@code c} succeeded: it opens, or is closed when the pool shut meanwhile. */
    void onConnected(Conn c, ClientConnection connection) {
        boolean keep;
        synchronized (pool) {
            keep = c.state == Conn.State.CONNECTING && !pool.shutLocked();
            if (c.state == Conn.State.CONNECTING) {
                connecting--;
                if (keep) {
                    c.attach(connection, pool.now());
                    c.state = Conn.State.OPEN;
                    opened++;
                    expectHttp1 = !c.multiplexed; // ALPN or h2c settled what this origin speaks
                } else {
                    pool.forgetLocked(c);
                }
            }
        }
        if (!keep) {
            IoUtils.safeClose(connection);
            return;
        }
        pool.drain(c);
    }

    void onFailed(Conn c, Throwable cause) {
        ClientException tls = tlsFailure();
        onError(c, tls != null ? tls : errors.connectFailed(pool.origin, cause), false);
    }

    void onTimeout(Conn c, long connectTimeout) {
        onError(c, errors.connectTimeout(pool.origin, connectTimeout), true);
    }

    /** A connect given up after its timeout has resolved (a late connection was closed): no longer tracked. */
    void onAbandonedResolved(Conn c) {
        synchronized (pool) {
            if (c.state == Conn.State.ABANDONED) {
                abandoned--;
                pool.forgetLocked(c);
            }
        }
    }

    /** ERR19025 when the last handshake with this origin rejected its certificate, else null. */
    ClientException tlsFailure() {
        if (hostPort == null) {
            return null;
        }
        String why = transport.tlsRejection(hostPort);
        return why == null ? null : errors.tlsRejected(pool.origin, why);
    }

    /**
     * A connect failed or timed out. A timed-out one stays tracked (abandoned) until its socket
     * resolves ({@link #onAbandonedResolved}), so it cannot leak. When nothing is open or opening
     * any more, the waiters fail.
     */
    private void onError(Conn c, ClientException error, boolean timedOut) {
        Call[] failed = null;
        synchronized (pool) {
            if (c.state != Conn.State.CONNECTING) {
                return;
            }
            connecting--;
            if (timedOut) {
                c.state = Conn.State.ABANDONED;
                abandoned++;
            } else {
                c.state = Conn.State.CLOSED;
                pool.forgetLocked(c);
            }
            if (connecting == 0) {
                failed = pool.strandedWaitersLocked();
            }
        }
        if (failed != null) {
            for (Call w : failed) {
                w.fail(error);
            }
        }
    }
}
