package io.lumen.client.connect;

import io.lumen.client.testing.HangingListener;
import io.undertow.Undertow;
import io.undertow.client.ClientConnection;
import io.undertow.server.DefaultByteBufferPool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.xnio.IoUtils;
import org.xnio.OptionMap;
import org.xnio.Options;
import org.xnio.Xnio;
import org.xnio.XnioIoThread;
import org.xnio.XnioWorker;

import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one connector against real loopback sockets: each outcome once, on the IO thread the pool chose. */
class UpstreamConnectorTest {
    private static XnioWorker worker;
    private static final DefaultByteBufferPool BUFFERS = new DefaultByteBufferPool(false, 8192);

    @BeforeAll
    static void start() throws Exception {
        worker = Xnio.getInstance().createWorker(OptionMap.create(Options.WORKER_IO_THREADS, 2));
    }

    @AfterAll
    static void stop() {
        worker.shutdownNow();
    }

    @Test
    void connectsOverHttp1OnTheChosenIoThread() throws Exception {
        Undertow server = Undertow.builder().addHttpListener(0, "127.0.0.1")
                .setHandler(exchange -> exchange.getResponseSender().send("ok")).build();
        server.start();
        try {
            int port = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
            Recorder outcome = new Recorder();
            XnioIoThread thread = worker.getIoThread(1);
            new UpstreamConnector(URI.create("http://127.0.0.1:" + port), null, 5_000)
                    .open(thread, BUFFERS, UpstreamConnector.options(false, true), outcome);
            ClientConnection c = outcome.connected.get(5, TimeUnit.SECONDS);
            try {
                assertTrue(c.isOpen());
                assertFalse(c.isMultiplexingSupported(), "HTTP/2 was not offered");
                assertSame(thread, c.getIoThread());
                assertSame(thread, outcome.thread);
            } finally {
                IoUtils.safeClose(c);
            }
        } finally {
            server.stop();
        }
    }

    @Test
    void aRefusedConnectIsReportedAsFailed() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        Recorder outcome = new Recorder();
        new UpstreamConnector(URI.create("http://127.0.0.1:" + port), null, 5_000)
                .open(worker.getIoThread(0), BUFFERS, UpstreamConnector.options(false, true), outcome);
        assertInstanceOf(ConnectException.class, outcome.failed.get(5, TimeUnit.SECONDS));
        assertFalse(outcome.connected.isDone());
    }

    /** A connect to a {@link HangingListener} hangs until its queue drains. */
    @Test
    void aConnectThatHangsTimesOutAndItsLateResultIsClosed() throws Exception {
        try (HangingListener listener = new HangingListener()) {
            Recorder outcome = new Recorder();
            XnioIoThread thread = worker.getIoThread(0);
            new UpstreamConnector(URI.create("http://127.0.0.1:" + listener.port()), null, 300)
                    .open(thread, BUFFERS, UpstreamConnector.options(false, true), outcome);
            assertEquals(300L, outcome.timedOut.get(5, TimeUnit.SECONDS));
            assertSame(thread, outcome.thread);
            listener.drain(); // the cancelled connect resolves now
            assertTrue(outcome.resolvedAfterTimeout.get(5, TimeUnit.SECONDS));
            assertFalse(outcome.connected.isDone(), "a late connection is closed, never handed over");
            assertFalse(outcome.failed.isDone(), "one outcome per attempt");
        }
    }

    private static final class Recorder implements UpstreamConnector.Outcome {
        final CompletableFuture<ClientConnection> connected = new CompletableFuture<>();
        final CompletableFuture<Throwable> failed = new CompletableFuture<>();
        final CompletableFuture<Long> timedOut = new CompletableFuture<>();
        final CompletableFuture<Boolean> resolvedAfterTimeout = new CompletableFuture<>();
        volatile Thread thread;

        @Override
        public void connected(ClientConnection connection) {
            thread = Thread.currentThread();
            connected.complete(connection);
        }

        @Override
        public void failed(Throwable cause) {
            thread = Thread.currentThread();
            failed.complete(cause);
        }

        @Override
        public void timedOut(long timeoutMillis) {
            thread = Thread.currentThread();
            timedOut.complete(timeoutMillis);
        }

        @Override
        public void resolvedAfterTimeout() {
            resolvedAfterTimeout.complete(true);
        }
    }
}
