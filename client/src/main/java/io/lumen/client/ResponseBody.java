package io.lumen.client;

import io.undertow.connector.ByteBufferPool;
import io.undertow.connector.PooledByteBuffer;
import org.xnio.ChannelListener;
import org.xnio.channels.StreamSourceChannel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channel;
import java.util.Arrays;

/**
 * The bytes of one response body as they are read, within {@code maxResponseSize}: sized once from
 * {@code Content-Length} when the server sent one, else grown by doubling up to the limit.
 *
 * <p>Not thread-safe: one attempt's reads, on its connection's IO thread.
 */
final class ResponseBody {
    /** {@link #readFrom}: the body ended. */
    static final int ENDED = -1;
    /** {@link #readFrom}: nothing more for now; reads resume with the listener. */
    static final int MORE = 0;
    /** {@link #readFrom}: the body would grow past the limit. */
    static final int TOO_LARGE = -2;
    private final int limit;
    private byte[] bytes;
    private int length;

    ResponseBody(int limit) {
        this.limit = limit;
    }

    /**
     * Starts a body of {@code contentLength} bytes (null: unknown).
     *
     * @return false when the announced length is over the limit
     */
    boolean start(Long contentLength) {
        length = 0;
        bytes = null;
        if (contentLength == null) {
            return true;
        }
        if (contentLength > limit) {
            return false;
        }
        bytes = new byte[(int) (long) contentLength];
        return true;
    }

    /** @return false when the body would grow past the limit (nothing is copied then) */
    boolean append(ByteBuffer buf) {
        int n = buf.remaining();
        byte[] b = bytes;
        if (b == null) {
            b = new byte[Math.max(n, 256)];
        } else if (length + n > b.length) {
            if (length + n > limit) {
                return false;
            }
            long want = Math.max((long) length + n, (long) b.length * 2);
            b = Arrays.copyOf(b, (int) Math.min(want, limit));
        }
        buf.get(b, length, n);
        length += n;
        bytes = b;
        return true;
    }

    /**
     * Reads what {@code in} has now into this body, through one pooled buffer.
     *
     * @param listener resumes the reads when more arrives (the call)
     * @return {@link #ENDED}, {@link #MORE} or {@link #TOO_LARGE}
     */
    int readFrom(StreamSourceChannel in, ByteBufferPool pool, ChannelListener<Channel> listener) throws IOException {
        try (PooledByteBuffer pooled = pool.allocate()) {
            ByteBuffer buf = pooled.getBuffer();
            for (;;) {
                buf.clear();
                int r = in.read(buf);
                if (r > 0) {
                    buf.flip();
                    if (!append(buf)) {
                        return TOO_LARGE;
                    }
                } else if (r == 0) {
                    in.getReadSetter().set(listener);
                    in.resumeReads();
                    return MORE;
                } else {
                    return ENDED;
                }
            }
        }
    }

    /** The body read so far, exactly as long as what was read. */
    byte[] toBytes() {
        byte[] b = bytes;
        if (b == null) {
            return new byte[0];
        }
        return b.length == length ? b : Arrays.copyOf(b, length);
    }
}
