package io.lumen.web.decode;

import io.lumen.server.BadContentEncodingException;
import io.lumen.server.BodyTooLargeException;
import io.lumen.handler.body.ChannelBodyReader;
import io.undertow.server.HttpServerExchange;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Reads one compressed request body from the request channel on the IO thread, without blocking,
 * and inflates it as it arrives into memory, never past {@code limit} bytes. Ends in exactly one call
 * of its {@link Outcome}. Reading the channel itself (rather than a conduit under it; the plumbing is
 * {@link ChannelBodyReader}'s, as for the body middleware's reader) is what makes it work for every request, the first one of an h2c upgrade too, whose first bytes Undertow has
 * already read into memory. Used by one exchange.
 */
final class InflatingReader extends ChannelBodyReader {
    private static final int INPUT_BUFFER = 16 * 1024;

    /** What becomes of the body. */
    interface Outcome {
        void inflated(HttpServerExchange exchange, byte[] body, boolean inCall) throws Exception;

        /** A {@link BodyTooLargeException}, a {@link BadContentEncodingException} or a failure of the raw body. */
        void failed(HttpServerExchange exchange, IOException e, boolean inCall);
    }

    private final String coding;
    private final Inflation inflation;
    private final long limit;
    private final Outcome outcome;
    private final ByteBuffer in = ByteBuffer.allocate(INPUT_BUFFER).flip(); // read mode, empty
    private byte[] out = new byte[8192];
    private int size;

    InflatingReader(HttpServerExchange exchange, String coding, long limit, Outcome outcome) {
        super(exchange);
        this.coding = coding;
        this.inflation = new Inflation(coding.equals("gzip"));
        this.limit = limit;
        this.outcome = outcome;
    }

    @Override
    protected void failed(IOException e, boolean inCall) {
        outcome.failed(exchange, e, inCall);
    }

    @Override
    protected void read(boolean inCall) throws Exception {
        while (true) {
            int n;
            try {
                in.compact();
                n = channel.read(in);
                in.flip();
                inflation.refilled(in);
                if (!drain(n < 0)) {
                    stop();
                    inflation.end();
                    outcome.inflated(exchange, Arrays.copyOf(out, size), inCall);
                    return;
                }
            } catch (IOException e) {
                stop();
                inflation.end();
                outcome.failed(exchange, e, inCall);
                return;
            }
            if (n == 0) {
                channel.resumeReads();
                return;
            }
        }
    }

    /** Inflates what is in the input buffer; false at the end of the compressed data. */
    private boolean drain(boolean ended) throws IOException {
        while (true) {
            if (size == out.length) {
                out = Arrays.copyOf(out, (int) Math.min((long) out.length * 2, limit + 1));
            }
            ByteBuffer target = ByteBuffer.wrap(out, size, out.length - size);
            int r;
            try {
                r = inflation.inflate(in, target, ended);
            } catch (IOException e) {
                throw new BadContentEncodingException(coding, e);
            }
            if (r < 0) {
                return false;
            }
            size += r;
            if (size > limit) {
                throw new BodyTooLargeException(limit);
            }
            if (r == 0 && target.hasRemaining()) {
                return true; // needs more input
            }
        }
    }
}
