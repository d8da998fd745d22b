package io.lumen.client;

import io.lumen.client.connect.UpstreamConnector;
import io.lumen.client.pool.UndertowConnections;
import io.undertow.client.ClientConnection;
import io.undertow.protocols.http2.Http2Channel;
import org.xnio.ChannelListener;

/**
 * One pooled connection, from the connect attempt to its close. Every field except the final ones
 * is guarded by the owning {@link OriginPool}'s lock. Hears how its connect ended (handed to the
 * pool's {@link OriginConnects}) and its close (handed to the pool).
 */
final class Conn implements UpstreamConnector.Outcome, ChannelListener<ClientConnection> {
    enum State { CONNECTING, OPEN, ABANDONED, CLOSED }

    final OriginPool pool;
    State state = State.CONNECTING;
    ClientConnection connection;
    Http2Channel h2;
    boolean multiplexed;
    int inFlight;
    long requests;
    long resets;
    long openedAt;
    long lastUsed;
    boolean retired;
    /** Its connect, cancelled when the pool shuts before it ends. */
    volatile UpstreamConnector.Attempt attempt;

    Conn(OriginPool pool) {
        this.pool = pool;
    }

    @Override
    public void connected(ClientConnection c) {
        pool.connects.onConnected(this, c);
    }

    @Override
    public void failed(Throwable cause) {
        pool.connects.onFailed(this, cause);
    }

    @Override
    public void timedOut(long timeoutMillis) {
        pool.connects.onTimeout(this, timeoutMillis);
    }

    @Override
    public void resolvedAfterTimeout() {
        pool.connects.onAbandonedResolved(this);
    }

    /** The connection closed (either side). */
    @Override
    public void handleEvent(ClientConnection c) {
        pool.onClosed(this);
    }

    void attach(ClientConnection c, long now) {
        connection = c;
        multiplexed = c.isMultiplexingSupported();
        h2 = UndertowConnections.http2Channel(c);
        openedAt = now;
        lastUsed = now;
        c.addCloseListener(this);
    }

    /** True while frames queued on the IO thread wait for {@link #flushBatch}; touched on the IO thread only. */
    private boolean batching;
    /** Requests queued since the last flush of this batch; IO thread only. */
    private int batched;
    private final Runnable flushBatch = this::flushBatch;
    /**
     * At most this many requests share one flush. Unbounded batches made 128 requests in flight
     * move in lock-step bursts (the server idled while the client gathered, then the other way
     * round); 8 was about 10% faster there than both unbounded batches and no batching, and no
     * slower at 16 in flight (benchmarks/RESULTS.md, "HTTP clients"). The system property
     * {@code lumen.client.h2FlushEvery} changes it for such A/B runs: 1 flushes every request as
     * Undertow does, a large value batches a whole IO iteration.
     */
    static final int FLUSH_EVERY = Math.max(1, Integer.getInteger("lumen.client.h2FlushEvery", 8));

    /**
     * Called before a request is written. On the connection's own IO thread (a request sent from a
     * response callback) HTTP/2 frames are queued without flushing; they are flushed every
     * {@link #FLUSH_EVERY} requests and by one task at the end of this IO iteration: one TLS record
     * and one write for a burst of requests instead of one each. From any other thread Undertow
     * flushes as usual.
     */
    void beforeSend() {
        Http2Channel channel = h2;
        if (channel == null || FLUSH_EVERY == 1 || connection.getIoThread() != Thread.currentThread()) {
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
        connection.getIoThread().execute(flushBatch);
    }

    private void flushBatch() {
        batching = false;
        Http2Channel channel = h2;
        channel.setRequireExplicitFlush(false);
        channel.flush();
    }

    /** Resets one HTTP/2 stream (CANCEL); the stream's slot is free again at once. */
    void reset(int streamId) {
        Http2Channel channel = h2;
        if (channel != null) {
            channel.sendRstStream(streamId, 0x8);
        } else {
            close();
        }
    }

    /** Closes at once (an HTTP/1.1 socket without Undertow's draining close). */
    void close() {
        ClientConnection c = connection;
        if (c != null) {
            UndertowConnections.closeNow(c);
        }
    }

    @Override
    public String toString() {
        return state + (multiplexed ? " h2" : " h1") + " inFlight=" + inFlight;
    }
}
