package io.lumen.client.pool;

import io.lumen.client.connect.UpstreamConnector;
import io.lumen.client.testing.HangingListener;
import org.junit.jupiter.api.Test;
import org.xnio.OptionMap;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How a failed connect reaches the {@link Lease}: the cause tells a connect timeout
 * ({@link SocketTimeoutException}) from a refused connect, so a caller can report each its own way
 * (the client's ERR19020 messages, a breaker counting both).
 */
class ConnectFailuresTest extends OneIoThread {
    /** The failure of one lease on a pool to {@code port} with a 300 ms connect timeout. */
    private Failed leaseFails(int port) throws Exception {
        OptionMap options = UpstreamConnector.options(false, true);
        pool = new ConnectionPool(URI.create("http://127.0.0.1:" + port), new ConnectionPool.Settings(null, options,
                options, 4, 100, 60_000, 100, 300, System::currentTimeMillis));
        Waiting lease = new Waiting();
        thread.execute(() -> pool.acquire(lease));
        return lease.result.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aConnectTimeoutIsASocketTimeoutException() throws Exception {
        try (HangingListener listener = new HangingListener()) {
            Failed f = leaseFails(listener.port());
            assertEquals(Lease.Failure.CONNECT, f.failure());
            SocketTimeoutException e = assertInstanceOf(SocketTimeoutException.class, f.cause());
            assertEquals("connect timed out after 300 ms", e.getMessage());
        }
    }

    @Test
    void aRefusedConnectIsNotATimeout() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Failed f = leaseFails(port);
        assertEquals(Lease.Failure.CONNECT, f.failure());
        assertTrue(f.cause() instanceof ConnectException, String.valueOf(f.cause()));
    }

    private record Failed(Lease.Failure failure, IOException cause) {
    }

    /** A lease that only records how it failed (a connection it gets goes back at once). */
    private final class Waiting extends FutureLease<Failed> {
        Waiting() {
            super(thread, buffers);
        }

        @Override
        public void leased(PooledConnection connection) {
            connection.release(true);
            result.completeExceptionally(new AssertionError("connected"));
        }

        @Override
        public void leaseFailed(Failure failure, IOException cause) {
            result.complete(new Failed(failure, cause));
        }
    }
}
