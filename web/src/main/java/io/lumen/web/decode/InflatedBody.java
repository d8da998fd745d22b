package io.lumen.web.decode;

import io.lumen.server.BadContentEncodingException;
import io.lumen.server.BodyTooLargeException;
import io.lumen.server.RequestBodyTimeoutException;
import io.undertow.conduits.GzipStreamSourceConduit;
import io.undertow.conduits.InflatingStreamSourceConduit;
import io.undertow.server.ConduitWrapper;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.RequestTooBigException;
import org.xnio.channels.StreamSinkChannel;
import org.xnio.conduits.AbstractStreamSourceConduit;
import org.xnio.conduits.ConduitReadableByteChannel;
import org.xnio.conduits.Conduits;
import org.xnio.conduits.StreamSourceConduit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.util.zip.DataFormatException;
import java.util.zip.ZipException;

/**
 * The inflated request body: Undertow's gzip or deflate conduit on top of the raw body, counted.
 * Past {@code limit} inflated bytes a read fails with {@link BodyTooLargeException} (413 ERR10068 from
 * whoever reads); data that does not inflate fails with {@link BadContentEncodingException} (400
 * ERR19200). Failures of the raw body underneath (its own limit, the idle timeout) pass unchanged.
 * Once the response is complete, reads go to the raw body, so the server discards the rest of it
 * without inflating. Used by one exchange at a time.
 */
final class InflatedBody extends AbstractStreamSourceConduit<StreamSourceConduit> {
    private final StreamSourceConduit raw;
    private final HttpServerExchange exchange;
    private final String coding;
    private final long limit;
    private long inflated;

    private InflatedBody(StreamSourceConduit inflating, StreamSourceConduit raw, HttpServerExchange exchange,
                         String coding, long limit) {
        super(inflating);
        this.raw = raw;
        this.exchange = exchange;
        this.coding = coding;
        this.limit = limit;
    }

    /** The request wrapper for {@code coding} ({@code gzip} or {@code deflate}). */
    static ConduitWrapper<StreamSourceConduit> wrapper(String coding, long limit) {
        return (factory, exchange) -> {
            StreamSourceConduit raw = factory.create();
            StreamSourceConduit inflating = coding.equals("gzip")
                    ? new GzipStreamSourceConduit(exchange, raw) : new InflatingStreamSourceConduit(exchange, raw);
            return new InflatedBody(inflating, raw, exchange, coding, limit);
        };
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        if (exchange.isResponseComplete()) {
            return raw.read(dst); // the server throws the rest away: no need to inflate it
        }
        if (inflated > limit) {
            throw new BodyTooLargeException(limit);
        }
        int n;
        try {
            n = next.read(dst);
        } catch (IOException e) {
            throw translate(e);
        }
        if (n > 0) {
            inflated += n;
            if (inflated > limit) {
                throw new BodyTooLargeException(limit);
            }
        }
        return n;
    }

    @Override
    public long read(ByteBuffer[] dsts, int offs, int len) throws IOException {
        for (int i = offs; i < offs + len; i++) {
            if (dsts[i].hasRemaining()) {
                return read(dsts[i]);
            }
        }
        return 0;
    }

    @Override
    public long transferTo(long position, long count, FileChannel target) throws IOException {
        return target.transferFrom(new ConduitReadableByteChannel(this), position, count); // through read()
    }

    @Override
    public long transferTo(long count, ByteBuffer throughBuffer, StreamSinkChannel target) throws IOException {
        return Conduits.transfer(this, count, throughBuffer, target); // through read()
    }

    /** A failure of the raw body stays what it is; anything else the inflater threw is bad data. */
    private IOException translate(IOException e) {
        if (e instanceof RequestTooBigException || e instanceof RequestBodyTimeoutException
                || e instanceof ClosedChannelException) {
            return e;
        }
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof DataFormatException || t instanceof ZipException) {
                return new BadContentEncodingException(coding, e);
            }
        }
        String message = e.getMessage() == null ? "" : e.getMessage();
        // Undertow's inflaters report a bad header or footer with their own message codes (UT0...)
        return message.startsWith("UT") ? new BadContentEncodingException(coding, e) : e;
    }
}
