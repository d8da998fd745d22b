package io.lumen.client.pool;

import io.undertow.client.ClientConnection;
import io.undertow.protocols.http2.Http2Channel;

/**
 * A connection of a {@link ConnectionPool}, owned by one IO thread. An HTTP/1.1 connection carries
 * one request at a time; an HTTP/2 one up to {@code maxStreamsPerConnection} streams (or fewer when
 * the upstream says so).
 */
public final class PooledConnection {
    final ClientConnection connection;
    final ThreadSlot slot;
    final boolean exclusive;
    int streams;
    long idleSince;
    boolean listed;
    /** Its protocol is known (always, unless HTTP/2 was offered and not yet answered). */
    boolean settled = true;
    /** Its HTTP/2 channel, once it is listed as shared (null: HTTP/1.1, or not readable). */
    Http2Channel h2;
    /** Requests lent it so far, for {@code maxRequests}. */
    long requests;
    /** When it opened (the pool's clock), for {@code expireTime}. */
    long openedAt;
    /** Spent (maxRequests or expireTime): takes no new request, closes when its last one ends. */
    boolean retired;

    PooledConnection(ClientConnection connection, ThreadSlot slot, boolean exclusive) {
        this.connection = connection;
        this.slot = slot;
        this.exclusive = exclusive;
    }

    public ClientConnection connection() {
        return connection;
    }

    /** Back to its pool: see {@link ConnectionPool#release}. */
    public void release(boolean reusable) {
        slot.pool.release(this, reusable);
    }

    public boolean multiplexed() {
        return connection.isMultiplexingSupported();
    }
}
