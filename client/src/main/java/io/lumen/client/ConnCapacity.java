package io.lumen.client;

import io.lumen.client.pool.StreamLimit;

/**
 * How many requests a pooled connection may carry: one at a time over HTTP/1.1; over HTTP/2 what
 * the shared {@link StreamLimit} says (the server's MAX_CONCURRENT_STREAMS capped by
 * {@code maxStreamsPerConnection}, remembered across this origin's connections). A connection that
 * reached {@code maxReqPerConn} is retired.
 *
 * <p>Not thread-safe: guarded by its {@link OriginPool}'s lock.
 */
final class ConnCapacity {
    private final long maxRequests;
    /** The server's stream limit, remembered across this origin's connections. */
    private final StreamLimit streams;

    ConnCapacity(int streamCap, long maxRequests) {
        this.streams = new StreamLimit(streamCap);
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
        return expectHttp1 ? 1 : streams.assumed();
    }

    /** Requests {@code c} may carry at once. */
    private int of(Conn c) {
        return c.multiplexed ? streams.of(StreamLimit.announced(c.h2)) : 1;
    }
}
