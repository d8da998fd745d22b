package io.lumen.client.pool;

import io.undertow.connector.ByteBufferPool;
import org.xnio.XnioIoThread;

import java.util.concurrent.CompletableFuture;

/** A test lease on one IO thread whose outcome is a future; it gives up once the future is done. */
abstract class FutureLease<T> implements Lease {
    final CompletableFuture<T> result = new CompletableFuture<>();
    private final XnioIoThread thread;
    private final ByteBufferPool buffers;

    FutureLease(XnioIoThread thread, ByteBufferPool buffers) {
        this.thread = thread;
        this.buffers = buffers;
    }

    @Override
    public XnioIoThread ioThread() {
        return thread;
    }

    @Override
    public ByteBufferPool bufferPool() {
        return buffers;
    }

    @Override
    public boolean upgrade() {
        return false;
    }

    @Override
    public boolean abandoned() {
        return result.isDone();
    }
}
