package io.lumen.client;

import io.undertow.client.ClientConnection;
import org.xnio.IoUtils;
import org.xnio.OptionMap;
import org.xnio.XnioIoThread;
import org.xnio.ssl.XnioSsl;

import java.net.URI;
import java.util.concurrent.TimeUnit;

/**
 * Opens the connections of one {@link OriginPool}: the connect to its URI (an origin, or one
 * address of a discovered name), the TLS handshake with ALPN or h2c prior knowledge, the connect
 * timeout, and what a new connection turned out to be (HTTP/1.1 or HTTP/2), which tells the pool
 * how many waiting requests a connection being opened will carry.
 *
 * <p>Threading: the counters and every {@link Conn} field it touches are guarded by the pool's lock
 * (the pool object's monitor, as for {@link Conn}); the {@code ...Locked} methods are called with it
 * held. Undertow is called, and failed waiters are completed, outside it. Connect results, connect
 * timeouts and failures arrive on an IO thread through {@link Conn}.
 */
final class Connector {
    private final OriginPool pool;
    private final ClientTransport transport;
    private final ClientErrors errors;
    private final URI connectUri;
    private final OptionMap options;
    private final XnioSsl ssl;
    /** {@code host:port} of a TLS origin, where the client's trust manager records rejections; null for plain. */
    private final String hostPort;
    private final long connectTimeout;

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
    Connector(OriginPool pool, ClientTransport transport, ClientErrors errors, URI connectUri, OptionMap options,
              boolean expectMultiplexing, XnioSsl ssl, long connectTimeout) {
        this.pool = pool;
        this.transport = transport;
        this.errors = errors;
        this.connectUri = connectUri;
        this.options = options;
        this.ssl = ssl != null ? ssl : transport.ssl();
        this.hostPort = connectUri.getScheme().equals("https") ? connectUri.getHost() + ":" + connectUri.getPort() : null;
        this.connectTimeout = connectTimeout;
        this.expectHttp1 = !expectMultiplexing;
    }

    URI address() {
        return connectUri;
    }

    boolean expectHttp1Locked() {
        return expectHttp1;
    }

    /** A connection to open, counted as connecting; the caller adds it to the pool and calls {@link #start} outside the lock. */
    Conn newConnLocked() {
        connecting++;
        return new Conn(pool);
    }

    /** Starts the connect of {@code c} on one of the worker's IO threads and arms its connect timeout. */
    void start(Conn c) {
        XnioIoThread thread = transport.worker().getIoThread();
        try {
            c.future = transport.undertow().connect(connectUri, thread, ssl, transport.bufferPool(), options);
        } catch (RuntimeException e) {
            onFailed(c, e);
            return;
        }
        synchronized (pool) {
            if (c.state == Conn.State.CONNECTING) {
                c.connectTimer = thread.executeAfter(c, connectTimeout, TimeUnit.MILLISECONDS);
            }
        }
        c.future.addNotifier(c, null);
    }

    /** The connect of {@code c} succeeded: it opens, or is closed when it was given up or the pool shut meanwhile. */
    void onConnected(Conn c, ClientConnection connection) {
        boolean keep;
        synchronized (pool) {
            keep = c.state == Conn.State.CONNECTING && !pool.shutLocked();
            if (c.state == Conn.State.ABANDONED) {
                abandoned--;
                pool.forgetLocked(c);
            } else if (c.state == Conn.State.CONNECTING) {
                connecting--;
                cancelTimer(c);
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

    void onTimeout(Conn c) {
        onError(c, errors.connectTimeout(pool.origin, connectTimeout), true);
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
     * resolves, so it cannot leak. When nothing is open or opening any more, the waiters fail.
     */
    private void onError(Conn c, ClientException error, boolean timedOut) {
        Call[] failed = null;
        synchronized (pool) {
            if (c.state == Conn.State.ABANDONED) {
                if (!timedOut) {
                    abandoned--;
                    pool.forgetLocked(c);
                }
                return;
            }
            if (c.state != Conn.State.CONNECTING) {
                return;
            }
            connecting--;
            cancelTimer(c);
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
        if (timedOut && c.future != null) {
            c.future.cancel();
        }
        if (failed != null) {
            for (Call w : failed) {
                w.fail(error);
            }
        }
    }

    private static void cancelTimer(Conn c) {
        if (c.connectTimer != null) {
            c.connectTimer.remove();
            c.connectTimer = null;
        }
    }
}
