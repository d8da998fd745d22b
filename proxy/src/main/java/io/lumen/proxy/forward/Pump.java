package io.lumen.proxy.forward;

import io.undertow.connector.ByteBufferPool;
import io.undertow.connector.PooledByteBuffer;
import org.xnio.ChannelListener;
import org.xnio.channels.StreamSinkChannel;
import org.xnio.channels.StreamSourceChannel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channel;

/**
 * Moves a body from a source channel to a sink channel with one pooled buffer, so memory stays
 * bounded whatever the body's size: it reads only while the sink keeps up. It flushes whenever
 * the source has nothing more for now, so event streams (SSE) and WebSocket frames reach the
 * client at once; at the end of the source it shuts the sink down and flushes it. Runs on the
 * channels' IO thread.
 *
 * <p>With a declared length (the client's {@code Content-Length}) a source that ends early or gives
 * more is a read-side failure, found before the sink sees a byte too many or a missing end: the
 * body is broken on the source's side, not the sink's. It remembers when bytes last moved and
 * whether it waits for the sink, so an idle timeout can tell who stalled.
 */
final class Pump implements ChannelListener<Channel> {
    /** Sees each chunk read from the source before it is written (a read-only look: it must not move the buffer's position). */
    interface Recorder {
        void record(ByteBuffer chunk);
    }

    interface Outcome {
        void pumped(Pump pump);

        /** @param readSide the source failed (else the sink) */
        void pumpFailed(Pump pump, IOException e, boolean readSide);
    }

    private final StreamSourceChannel source;
    private final StreamSinkChannel sink;
    private final ByteBufferPool pool;
    private final Outcome outcome;
    private final long declared;
    private final Recorder recorder;
    private PooledByteBuffer pooled;
    private long moved;
    private long lastProgress = System.nanoTime();
    private boolean waitingOnSink;
    private boolean pending;
    private boolean eof;
    private boolean shutdown;
    private boolean over;
    private boolean completed;

    Pump(StreamSourceChannel source, StreamSinkChannel sink, ByteBufferPool pool, Outcome outcome) {
        this(source, sink, pool, outcome, -1, null);
    }

    /**
     * @param declared the body's length as its sender declared it, or -1 when it is not known
     * @param recorder sees every chunk read from the source (a copy for a replay), or null
     */
    Pump(StreamSourceChannel source, StreamSinkChannel sink, ByteBufferPool pool, Outcome outcome, long declared,
         Recorder recorder) {
        this.declared = declared;
        this.source = source;
        this.sink = sink;
        this.pool = pool;
        this.outcome = outcome;
        this.recorder = recorder;
    }

    void start() {
        if (over) {
            return; // aborted before it started
        }
        pooled = pool.allocate();
        source.getReadSetter().set(this);
        sink.getWriteSetter().set(this);
        run();
    }

    /** The source reached its end: everything it had was read (the sink may still be flushing). */
    boolean sourceEnded() {
        return eof;
    }

    /** Every byte moved and the sink shut down and flushed (not merely stopped). */
    boolean completed() {
        return completed;
    }

    /** {@link System#nanoTime()} when bytes last came from the source (or the pump started). */
    long lastProgress() {
        return lastProgress;
    }

    /** True while the pump holds bytes the sink does not take: a stall is the sink's, not the source's. */
    boolean waitingOnSink() {
        return waitingOnSink && !over;
    }

    @Override
    public void handleEvent(Channel channel) {
        if (!over) {
            run();
        }
    }

    private void run() {
        ByteBuffer buffer = pooled.getBuffer();
        for (;;) {
            if (pending) {
                try {
                    sink.write(buffer);
                } catch (IOException e) {
                    fail(e, false);
                    return;
                }
                if (buffer.hasRemaining()) {
                    waitingOnSink = true;
                    source.suspendReads();
                    sink.resumeWrites();
                    return;
                }
                waitingOnSink = false;
                pending = false;
            }
            if (eof) {
                try {
                    if (!shutdown) {
                        shutdown = true;
                        sink.shutdownWrites();
                    }
                    if (!sink.flush()) {
                        source.suspendReads();
                        sink.resumeWrites();
                        return;
                    }
                } catch (IOException e) {
                    fail(e, false);
                    return;
                }
                finish();
                completed = true;
                outcome.pumped(this);
                return;
            }
            buffer.clear();
            int n;
            try {
                n = source.read(buffer);
            } catch (IOException e) {
                fail(e, true);
                return;
            }
            if (n == -1) {
                if (declared >= 0 && moved != declared) {
                    fail(new IOException("the body ended after " + moved + " of its " + declared + " bytes"), true);
                    return;
                }
                eof = true;
            } else if (n == 0) {
                try {
                    if (sink.flush()) {
                        sink.suspendWrites();
                    } else {
                        sink.resumeWrites();
                    }
                } catch (IOException e) {
                    fail(e, false);
                    return;
                }
                source.resumeReads();
                return;
            } else {
                moved += n;
                lastProgress = System.nanoTime();
                if (declared >= 0 && moved > declared) {
                    fail(new IOException("the body is longer than its " + declared + " bytes"), true);
                    return;
                }
                buffer.flip();
                if (recorder != null) {
                    recorder.record(buffer);
                }
                pending = true;
            }
        }
    }

    private void finish() {
        over = true;
        source.suspendReads();
        sink.suspendWrites();
        source.getReadSetter().set(null);
        sink.getWriteSetter().set(null);
        if (pooled != null) {
            pooled.close();
        }
    }

    private void fail(IOException e, boolean readSide) {
        if (over) {
            return;
        }
        finish();
        outcome.pumpFailed(this, e, readSide);
    }

    /** Stops moving bytes (the exchange was aborted); the caller closes the channels. */
    void abort() {
        if (!over) {
            finish();
        }
    }
}
