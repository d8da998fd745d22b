package io.lumen.handler.body;

import io.lumen.handler.FailureHandler;
import io.lumen.server.BodyTooLargeException;
import io.undertow.connector.PooledByteBuffer;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.RequestTooBigException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Reads one request body from the request channel on the IO thread, without blocking: what is
 * there now is read at once; for the rest it waits for read events. Counts the bytes and stops as
 * soon as there are more than the maximum. Not thread-safe: one per request, used by the IO thread.
 */
final class BodyReader extends ChannelBodyReader {
    /** What happens when reading ends; {@code inCall} tells whether it ended within the handler call. */
    interface Outcome {
        void body(BodyReader reader, byte[] raw, boolean inCall) throws Exception;

        void tooLarge(BodyReader reader, boolean inCall) throws Exception;

        void broken(BodyReader reader, IOException e, boolean inCall);
    }

    final MediaTypes.Kind kind;
    final String mediaType;
    final String contentType;
    /** Where the request goes once its body is read, and where its failures go after an asynchronous read. */
    final HttpHandler next;
    final FailureHandler failures;
    private final long max;
    private final Outcome outcome;
    private byte[] data;
    private int size;

    BodyReader(HttpServerExchange exchange, MediaTypes.Kind kind, String mediaType, String contentType, long max,
               long contentLength, HttpHandler next, FailureHandler failures, Outcome outcome) {
        super(exchange);
        this.kind = kind;
        this.mediaType = mediaType;
        this.contentType = contentType;
        this.next = next;
        this.failures = failures;
        this.max = max;
        this.outcome = outcome;
        this.data = new byte[contentLength >= 0 ? (int) contentLength : 1024];
    }

    @Override
    protected void failed(IOException e, boolean inCall) {
        outcome.broken(this, e, inCall);
    }

    @Override
    protected void read(boolean inCall) throws Exception {
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
}
