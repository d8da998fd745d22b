package io.lumen.client.pool;

import io.undertow.connector.ByteBufferPool;
import org.xnio.XnioIoThread;

import java.io.IOException;

/**
 * A request asking a {@link ConnectionPool} for a connection. Every method is called on the
 * request's IO thread.
 */
public interface Lease {
    enum Failure { CONNECT, BUSY }

    /** The IO thread of the inbound request: the connection is opened on it, so no bytes change threads. */
    XnioIoThread ioThread();

    ByteBufferPool bufferPool();

    /** An {@code Upgrade} (WebSocket) request: wants a fresh HTTP/1.1 connection of its own. */
    boolean upgrade();

    /** The request gave up (timed out, client gone): a connection arriving now goes back to the pool. */
    boolean abandoned();

    void leased(PooledConnection connection);

    void leaseFailed(Failure failure, IOException cause);
}
