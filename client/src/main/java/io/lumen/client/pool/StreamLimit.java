package io.lumen.client.pool;

import io.undertow.protocols.http2.Http2Channel;

/**
 * How many streams an HTTP/2 connection to one upstream may carry, for both pools: the upstream's
 * MAX_CONCURRENT_STREAMS (from its SETTINGS), capped by the configured maximum; until a new
 * connection's SETTINGS are read, what the upstream announced last (Undertow's client fails a stream
 * over the limit rather than queue it, so guessing high costs failed requests).
 *
 * <p>Not thread-safe: owned by one IO thread ({@link ConnectionPool}) or guarded by its owner's lock.
 */
public final class StreamLimit {
    private final int cap;
    /** The last MAX_CONCURRENT_STREAMS a connection announced (-1: none yet). */
    private int lastAnnounced = -1;

    /** @param cap streams per connection when the upstream announces no limit or a higher one */
    public StreamLimit(int cap) {
        this.cap = cap;
    }

    /** What {@code channel}'s peer announced once its SETTINGS arrived, else -1 (also for null: HTTP/1.1). */
    public static int announced(Http2Channel channel) {
        return channel == null ? -1 : channel.getSendMaxConcurrentStreams();
    }

    /** Streams a connection may carry, given what its peer announced ({@link #announced}); remembers it. */
    public int of(int announced) {
        if (announced > 0) {
            lastAnnounced = announced;
            return Math.min(announced, cap);
        }
        return assumed();
    }

    /** Streams a connection whose SETTINGS are not read yet (or not opened yet) is expected to carry. */
    public int assumed() {
        return lastAnnounced > 0 ? Math.min(lastAnnounced, cap) : cap;
    }
}
