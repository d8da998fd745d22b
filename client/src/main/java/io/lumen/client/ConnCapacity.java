package io.lumen.client;

/**
 * How many requests a pooled connection may carry: one at a time over HTTP/1.1; over HTTP/2 the
 * server's MAX_CONCURRENT_STREAMS (from its SETTINGS), capped by {@code maxStreamsPerConnection},
 * and until a new connection's SETTINGS arrive, what this origin announced last. A connection that
 * reached {@code maxReqPerConn} is retired.
 *
 * <p>Not thread-safe: guarded by its {@link OriginPool}'s lock.
 */
final class ConnCapacity {
    private final int streamCap;
    private final long maxRequests;
    /** The last MAX_CONCURRENT_STREAMS an HTTP/2 connection of this origin announced (-1: none yet). */
    private int peerStreams = -1;

    ConnCapacity(int streamCap, long maxRequests) {
        this.streamCap = streamCap;
        this.maxRequests = maxRequests;
    }

    /** Whether {@code c} is open, not retired, and has room for one more request. */
    boolean usable(Conn c) {
        return c.state == Conn.State.OPEN && !c.retired && c.inFlight < of(c) && c.connection.isOpen();
    }

    /** Counts one more request on {@code c}; retires it at {@code maxReqPerConn}. */
    void take(Conn c) {
        c.inFlight++;
        if (++c.requests >= maxRequests) {
            c.retired = true;
        }
    }

    /** Requests a connection being opened will carry: 1 when it is expected to speak HTTP/1.1. */
    int perConnect(boolean expectHttp1) {
        return expectHttp1 ? 1 : streamsPerConnection();
    }

    /** Requests {@code c} may carry at once. */
    private int of(Conn c) {
        if (!c.multiplexed) {
            return 1;
        }
        int peer = c.peerStreamLimit();
        if (peer > 0) {
            peerStreams = peer;
            return Math.min(peer, streamCap);
        }
        return streamsPerConnection(); // SETTINGS not read yet: assume what this server said before
    }

    private int streamsPerConnection() {
        return peerStreams > 0 ? Math.min(peerStreams, streamCap) : streamCap;
    }
}
