package io.lumen.client.pool;

import io.lumen.client.connect.UpstreamConnector;
import io.undertow.client.ClientConnection;
import org.xnio.ChannelListener;
import org.xnio.IoUtils;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;

/**
 * Opens a {@link ConnectionPool}'s connections on its {@link ThreadSlot}s, through the
 * shared {@link UpstreamConnector}, and learns what protocol each speaks. A connect
 * attempt ends with its connection or its failure, or with {@code connectTimeout}, whichever comes
 * first; a connection that arrives after the pool gave up on it is closed. With HTTP/2 on offer a
 * connection is "unsettled" until its protocol is known: at once through ALPN (TLS), else after
 * its first request (h2c upgrade). While one is unsettled and the upstream spoke HTTP/2 before,
 * requests wait for it rather than open a burst of connections (see {@link ConnectionPool#acquire}).
 * Everything runs on the slot's IO thread (the connector reports there).
 */
final class SlotConnects {
    private final ConnectionPool pool;
    private final ConnectionPool.Settings settings;
    private final UpstreamConnector connector;

    SlotConnects(ConnectionPool pool, URI uri, ConnectionPool.Settings settings) {
        this.pool = pool;
        this.settings = settings;
        this.connector = new UpstreamConnector(uri, settings.ssl(), settings.connectTimeout());
    }

    /**
     * Opens a connection for {@code lease}. {@code exclusive}: for an Upgrade request, HTTP/1.1 only,
     * not counted in the slot and never pooled.
     */
    void open(ThreadSlot slot, Lease lease, boolean exclusive) {
        boolean unsettled = !exclusive && pool.offersHttp2() && !pool.http1Only();
        if (!exclusive) {
            slot.open++;
            slot.connecting++;
            if (unsettled) {
                slot.unsettled++;
            }
        }
        connector.open(slot.thread, lease.bufferPool(), exclusive ? settings.upgradeOptions() : settings.options(),
                new Attempt(slot, lease, exclusive, unsettled));
    }

    /**
     * What a connection opened with HTTP/2 on offer turned out to be. HTTP/2: it carries the
     * waiters. HTTP/1.1: the upstream does not speak HTTP/2, so its waiters get connections of
     * their own.
     */
    void settle(PooledConnection p, boolean http2) {
        ThreadSlot slot = p.slot;
        p.settled = true;
        slot.unsettled--;
        slot.upgrading.remove(p);
        pool.learned(http2);
        if (!http2) {
            Lease w;
            while (slot.open < settings.maxPerThread() && slot.waiting.size() > 1 && (w = slot.nextWaiter()) != null) {
                open(slot, w, false); // keep one waiter for this connection when it comes back
            }
        }
    }

    /**
     * An h2c connection becomes HTTP/2 when the upstream's 101 arrives, which can be long before its
     * first response ends (an event stream): from then on it can carry other requests.
     */
    void promoteUpgraded(ThreadSlot slot) {
        for (int i = slot.upgrading.size() - 1; i >= 0; i--) {
            PooledConnection p = slot.upgrading.get(i);
            if (p.connection.isOpen() && p.connection.isMultiplexingSupported()) {
                settle(p, true);
                pool.share(slot, p);
            }
        }
    }

    /** How one connect attempt ended, on the slot's thread. */
    private final class Attempt implements UpstreamConnector.Outcome {
        private final ThreadSlot slot;
        private final Lease lease;
        private final boolean exclusive;
        private final boolean unsettled;

        Attempt(ThreadSlot slot, Lease lease, boolean exclusive, boolean unsettled) {
            this.slot = slot;
            this.lease = lease;
            this.exclusive = exclusive;
            this.unsettled = unsettled;
        }

        @Override
        public void timedOut(long timeoutMillis) {
            if (!exclusive) {
                slot.abandoned++; // until its socket resolves: see resolvedAfterTimeout
            }
            failed(new SocketTimeoutException("connect timed out after " + timeoutMillis + " ms"));
        }

        @Override
        public void resolvedAfterTimeout() {
            if (!exclusive) {
                slot.abandoned--;
            }
        }

        @Override
        public void failed(Throwable cause) {
            failed(cause instanceof IOException io ? io : new IOException(cause.getMessage(), cause));
        }

        private void failed(IOException error) {
            if (!exclusive) {
                slot.open--;
                slot.connecting--;
                if (unsettled) {
                    slot.unsettled--;
                }
            }
            lease.leaseFailed(Lease.Failure.CONNECT, error);
            if (!exclusive) {
                // the upstream refuses connections: the waiters should try elsewhere rather than queue here
                Lease w;
                while ((w = slot.nextWaiter()) != null) {
                    w.leaseFailed(Lease.Failure.CONNECT, error);
                }
            }
        }

        @Override
        public void connected(ClientConnection c) {
            PooledConnection p = new PooledConnection(c, slot, exclusive);
            p.settled = !unsettled;
            if (exclusive) {
                if (lease.abandoned()) {
                    IoUtils.safeClose(c);
                } else {
                    lease.leased(p);
                }
                return;
            }
            slot.connecting--;
            slot.opened++;
            c.getCloseSetter().set((ChannelListener<ClientConnection>) closed -> slot.closed(p));
            if (pool.closed()) {
                IoUtils.safeClose(c);
                lease.leaseFailed(Lease.Failure.CONNECT, new IOException("the connection pool is closed"));
                return;
            }
            p.openedAt = settings.clock().getAsLong();
            if (!p.settled && (c.isMultiplexingSupported() || connector.tls())) {
                settle(p, c.isMultiplexingSupported()); // ALPN already chose h2 or http/1.1
            } else if (!p.settled) {
                slot.upgrading.add(p); // h2c: known after its first request
            }
            if (lease.abandoned()) {
                pool.take(p);
                pool.release(p, true); // pooled for the next request
            } else {
                pool.lend(p, lease);
            }
            if (c.isMultiplexingSupported() && p.connection.isOpen()) {
                pool.share(slot, p);
            }
        }
    }
}
