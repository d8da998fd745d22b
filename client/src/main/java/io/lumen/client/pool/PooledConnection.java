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

    /** HTTP/2 streams reset by this side so far (IO thread only). */
    private long resets;
    /** True while frames queued on the IO thread wait for {@link #flushBatch} (IO thread only). */
    private boolean batching;
    /** Requests queued since the last flush of this batch (IO thread only). */
    private int batched;
    private Runnable flushBatch;

    /**
     * Undertow keeps a small entry per stream reset until the connection closes: a connection that
     * reset this many is retired.
     */
    static final long MAX_RESETS = 10_000;

    /**
     * At most this many requests share one flush. Unbounded batches made 128 requests in flight
     * move in lock-step bursts (the server idled while the client gathered, then the other way
     * round); 8 was about 10% faster there than both unbounded batches and no batching, and no
     * slower at 16 in flight (benchmarks/RESULTS.md, "HTTP clients"). The system property
     * {@code lumen.client.h2FlushEvery} changes it for such A/B runs: 1 flushes every request as
     * Undertow does, a large value batches a whole IO iteration.
     */
    public static final int FLUSH_EVERY = Math.max(1, Integer.getInteger("lumen.client.h2FlushEvery", 8));

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

    /** Its HTTP/2 channel (ALPN, prior knowledge, or an h2c upgrade that happened), else null. */
    private Http2Channel http2() {
        Http2Channel c = h2;
        if (c == null && connection.isMultiplexingSupported()) {
            c = h2 = UndertowConnections.http2Channel(connection);
        }
        return c;
    }

    /**
     * Called before a request is written on its IO thread. HTTP/2 frames of requests sent there (from
     * a response callback) are queued without flushing; they are flushed every {@link #FLUSH_EVERY}
     * requests and by one task at the end of this IO iteration: one TLS record and one write for a
     * burst of requests instead of one each.
     */
    public void beforeSend() {
        Http2Channel channel = FLUSH_EVERY == 1 || Thread.currentThread() != slot.thread ? null : http2();
        if (channel == null) {
            return;
        }
        if (batching) {
            if (++batched >= FLUSH_EVERY) {
                batched = 0;
                channel.flush(); // what is queued so far; this request's frames join the next flush
            }
            return;
        }
        batching = true;
        batched = 1;
        channel.setRequireExplicitFlush(true);
        if (flushBatch == null) {
            flushBatch = this::flushBatch;
        }
        slot.thread.execute(flushBatch);
    }

    private void flushBatch() {
        batching = false;
        Http2Channel channel = h2;
        channel.setRequireExplicitFlush(false);
        channel.flush();
    }

    /**
     * Cancels one HTTP/2 stream (RST_STREAM CANCEL) on its IO thread; its slot is free again once
     * the request releases it. False when this is not an HTTP/2 connection whose channel Lumen can
     * reach: the caller closes the connection instead (releases it not reusable).
     */
    public boolean resetStream(int streamId) {
        Http2Channel channel = http2();
        if (channel == null) {
            return false;
        }
        channel.sendRstStream(streamId, 0x8);
        if (++resets >= MAX_RESETS && !retired) {
            slot.pool.retire(this);
        }
        return true;
    }
}
