package io.lumen.handler.body;

import io.lumen.server.BodyTooLargeException;
import io.undertow.connector.PooledByteBuffer;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.RequestTooBigException;
import org.xnio.ChannelListener;
import org.xnio.channels.StreamSourceChannel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Reads one request body from the request channel on the IO thread, without blocking: what is
 * there now is read at once; for the rest it waits for read events. Counts the bytes and stops as
 * soon as there are more than the maximum. Not thread-safe: one per request, used by the IO thread.
 */
final class BodyReader implements ChannelListener<StreamSourceChannel> {
    /** What happens when reading ends; {@code inCall} tells whether it ended within the handler call. */
    interface Outcome {
        void body(BodyReader reader, byte[] raw, boolean inCall) throws Exception;

        void tooLarge(BodyReader reader, boolean inCall) throws Exception;

        void broken(BodyReader reader, IOException e, boolean inCall);
    }

    final HttpServerExchange exchange;
    final MediaTypes.Kind kind;
    final String mediaType;
    final String contentType;
    private final StreamSourceChannel channel;
    private final long max;
    private final Outcome outcome;
    private byte[] data;
    private int size;

    BodyReader(HttpServerExchange exchange, MediaTypes.Kind kind, String mediaType, String contentType,
               StreamSourceChannel channel, long max, long contentLength, Outcome outcome) {
        this.exchange = exchange;
        this.kind = kind;
        this.mediaType = mediaType;
        this.contentType = contentType;
        this.channel = channel;
        this.max = max;
        this.outcome = outcome;
        this.data = new byte[contentLength >= 0 ? (int) contentLength : 1024];
    }

    /** Starts reading within the handler call; may finish (and run the outcome) before it returns. */
    void start() throws Exception {
        channel.getReadSetter().set(this);
        read(true);
    }

    @Override
    public void handleEvent(StreamSourceChannel ch) {
        try {
            read(false);
        } catch (Exception e) {
            stop();
            outcome.broken(this, e instanceof IOException io ? io : new IOException(e), false);
        }
    }

    private void read(boolean inCall) throws Exception {
        boolean ended = false;
        boolean tooLarge = false;
        try (PooledByteBuffer pooled = exchange.getConnection().getByteBufferPool().allocate()) {
            ByteBuffer buf = pooled.getBuffer();
            while (true) {
                buf.clear();
                int n;
                try {
                    n = channel.read(buf);
                } catch (RequestTooBigException e) {
                    if (e instanceof BodyTooLargeException smaller && smaller.limit() < max) {
                        stop(); // a lower limit below this reader (decode's inflated size): answered with its figure
                        outcome.broken(this, smaller, inCall);
                        return;
                    }
                    tooLarge = true;
                    break;
                } catch (IOException e) {
                    stop();
                    outcome.broken(this, e, inCall);
                    return;
                }
                if (n == 0) {
                    channel.resumeReads();
                    return;
                }
                if (n < 0) {
                    ended = true;
                    break;
                }
                if (size + (long) n > max) {
                    tooLarge = true;
                    break;
                }
                buf.flip();
                ensure(size + n);
                buf.get(data, size, n);
                size += n;
            }
        }
        stop();
        if (tooLarge) {
            outcome.tooLarge(this, inCall);
        } else if (ended) {
            outcome.body(this, size == data.length ? data : Arrays.copyOf(data, size), inCall);
        }
    }

    private void ensure(int needed) {
        if (needed > data.length) {
            data = Arrays.copyOf(data, (int) Math.min(Math.max(needed, (long) data.length * 2), max));
        }
    }

    private void stop() {
        channel.getReadSetter().set(null);
        channel.suspendReads();
    }
}
