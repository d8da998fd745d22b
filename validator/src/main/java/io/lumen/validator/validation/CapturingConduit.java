package io.lumen.validator.validation;

import io.undertow.server.ConduitWrapper;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.ConduitFactory;
import org.xnio.IoUtils;
import org.xnio.XnioIoThread;
import org.xnio.XnioWorker;
import org.xnio.channels.StreamSourceChannel;
import org.xnio.conduits.ConduitWritableByteChannel;
import org.xnio.conduits.Conduits;
import org.xnio.conduits.StreamSinkConduit;
import org.xnio.conduits.WriteReadyHandler;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * A response conduit that holds the whole body, then hands it to {@code complete} when writes are
 * terminated and sends what that returns. The conduit below is created only then, so headers
 * (Content-Length, Content-Type) may still change. One per response; used by one thread at a time.
 */
final class CapturingConduit implements StreamSinkConduit {
    private final ConduitFactory<StreamSinkConduit> factory;
    private final HttpServerExchange exchange;
    private final UnaryOperator<byte[]> complete;
    private byte[] data = new byte[512];
    private int size;
    private boolean terminated;
    private StreamSinkConduit next;
    private boolean nextTerminated;
    private ByteBuffer pending;
    private WriteReadyHandler handler;

    CapturingConduit(ConduitFactory<StreamSinkConduit> factory, HttpServerExchange exchange, UnaryOperator<byte[]> complete) {
        this.factory = factory;
        this.exchange = exchange;
        this.complete = complete;
    }

    static ConduitWrapper<StreamSinkConduit> wrapper(UnaryOperator<byte[]> complete) {
        return (factory, exchange) -> new CapturingConduit(factory, exchange, complete);
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        if (terminated) {
            throw new IOException("writes were terminated");
        }
        int n = src.remaining();
        if (size + n > data.length) {
            data = Arrays.copyOf(data, Math.max(size + n, data.length * 2));
        }
        src.get(data, size, n);
        size += n;
        return n;
    }

    @Override
    public long write(ByteBuffer[] srcs, int offs, int len) throws IOException {
        long total = 0;
        for (int i = offs; i < offs + len; i++) {
            total += write(srcs[i]);
        }
        return total;
    }

    @Override
    public int writeFinal(ByteBuffer src) throws IOException {
        return Conduits.writeFinalBasic(this, src);
    }

    @Override
    public long writeFinal(ByteBuffer[] srcs, int offs, int len) throws IOException {
        return Conduits.writeFinalBasic(this, srcs, offs, len);
    }

    @Override
    public long transferFrom(FileChannel src, long position, long count) throws IOException {
        return src.transferTo(position, count, new ConduitWritableByteChannel(this));
    }

    @Override
    public long transferFrom(StreamSourceChannel source, long count, ByteBuffer throughBuffer) throws IOException {
        return IoUtils.transfer(source, count, throughBuffer, new ConduitWritableByteChannel(this));
    }

    @Override
    public void terminateWrites() throws IOException {
        if (terminated) {
            return;
        }
        terminated = true;
        byte[] out = complete.apply(Arrays.copyOf(data, size));
        data = null;
        pending = ByteBuffer.wrap(out);
        next = factory.create();
        if (handler != null) {
            next.setWriteReadyHandler(handler);
        }
    }

    @Override
    public boolean flush() throws IOException {
        if (!terminated) {
            return true;
        }
        while (pending.hasRemaining()) {
            if (next.write(pending) == 0) {
                return false;
            }
        }
        if (!nextTerminated) {
            nextTerminated = true;
            next.terminateWrites();
        }
        return next.flush();
    }

    @Override
    public boolean isWriteShutdown() {
        return terminated;
    }

    @Override
    public void truncateWrites() throws IOException {
        terminated = true;
        if (next == null) {
            next = factory.create();
        }
        next.truncateWrites();
    }

    @Override
    public void suspendWrites() {
        if (next != null) {
            next.suspendWrites();
        }
    }

    @Override
    public void resumeWrites() {
        if (next != null) {
            next.resumeWrites();
        } else {
            wakeupWrites();
        }
    }

    @Override
    public void wakeupWrites() {
        if (next != null) {
            next.wakeupWrites();
        } else if (handler != null) {
            getWriteThread().execute(handler::writeReady);
        }
    }

    @Override
    public boolean isWriteResumed() {
        return next != null && next.isWriteResumed();
    }

    @Override
    public void awaitWritable() throws IOException {
        if (next != null) {
            next.awaitWritable();
        }
    }

    @Override
    public void awaitWritable(long time, TimeUnit timeUnit) throws IOException {
        if (next != null) {
            next.awaitWritable(time, timeUnit);
        }
    }

    @Override
    public XnioIoThread getWriteThread() {
        return exchange.getIoThread();
    }

    @Override
    public void setWriteReadyHandler(WriteReadyHandler handler) {
        this.handler = handler;
        if (next != null) {
            next.setWriteReadyHandler(handler);
        }
    }

    @Override
    public XnioWorker getWorker() {
        return exchange.getConnection().getWorker();
    }
}
