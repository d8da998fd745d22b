package io.lumen.proxy.forward;

import org.xnio.ChannelListener;
import org.xnio.channels.StreamSinkChannel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * A copy of a request body as it is pumped to an upstream, kept so that a request the upstream
 * refused unprocessed (it was draining) can be sent to another one even though the client's bytes
 * were already read. Bounded by {@code maxReplayBody}: a longer body is not kept and such a request
 * is not sent again. Used on the request's IO thread only.
 */
final class ReplayBody implements Pump.Recorder {
    private final int limit;
    private byte[] bytes;
    private int length;
    private boolean overflowed;

    /** @param expected the Content-Length, or -1 when chunked (sizes the first array) */
    ReplayBody(int limit, long expected) {
        this.limit = limit;
        this.bytes = new byte[(int) Math.min(limit, expected >= 0 ? expected : 1024)];
    }

    @Override
    public void record(ByteBuffer chunk) {
        if (overflowed) {
            return;
        }
        int n = chunk.remaining();
        if (length + n > limit) {
            overflowed = true;
            bytes = null; // too long to keep: free it now
            return;
        }
        if (length + n > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.min(limit, Math.max(length + n, bytes.length * 2)));
        }
        chunk.get(chunk.position(), bytes, length, n); // absolute: the pump's buffer position stays
        length += n;
    }

    /** Every byte of the body is here (the pump read it to its end and it fit). */
    boolean usable(Pump pump) {
        return !overflowed && pump != null && pump.sourceEnded();
    }

    /**
     * A write of the kept body, to be {@link Write#start started} on a sink: it ends the request
     * after the body; {@code written} runs once it is flushed (the request is fully sent: its
     * timeout starts), {@code failed} hears of a write error.
     */
    Write write(Runnable written, Consumer<IOException> failed) {
        return new Write(ByteBuffer.wrap(bytes, 0, length), written, failed);
    }

    /** One write of the copy to one upstream try. */
    static final class Write implements ChannelListener<StreamSinkChannel> {
        private final ByteBuffer buffer;
        private final Runnable written;
        private final Consumer<IOException> failed;
        private boolean shut;
        private boolean flushed;

        private Write(ByteBuffer buffer, Runnable written, Consumer<IOException> failed) {
            this.buffer = buffer;
            this.written = written;
            this.failed = failed;
        }

        /** Writes to {@code sink} now and whenever it can take more. */
        void start(StreamSinkChannel sink) {
            sink.getWriteSetter().set(this);
            handleEvent(sink);
        }

        /** Every byte was written, the request ended and flushed. */
        boolean written() {
            return flushed;
        }

        @Override
        public void handleEvent(StreamSinkChannel channel) {
            try {
                while (buffer.hasRemaining()) {
                    if (channel.write(buffer) == 0) {
                        channel.resumeWrites();
                        return;
                    }
                }
                if (!shut) {
                    shut = true;
                    channel.shutdownWrites();
                }
                if (!channel.flush()) {
                    channel.resumeWrites();
                    return;
                }
                channel.suspendWrites();
                channel.getWriteSetter().set(null);
                flushed = true;
                written.run();
            } catch (IOException e) {
                channel.getWriteSetter().set(null);
                failed.accept(e);
            }
        }
    }
}
