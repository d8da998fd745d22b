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

    /**
     * No connection for this request. {@link Failure#BUSY}: the thread's connections and queue are
     * full ({@code cause} null). {@link Failure#CONNECT}: the connect failed, and {@code cause} says
     * how: a {@link java.net.SocketTimeoutException} when {@code connectTimeout} passed, else the
     * connect's own error (refused, unreachable, a failed TLS handshake as Undertow reports it, the
     * pool closed).
     */
    void leaseFailed(Failure failure, IOException cause);
}
