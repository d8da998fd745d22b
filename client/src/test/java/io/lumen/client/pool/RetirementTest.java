package io.lumen.client.pool;

import io.lumen.client.connect.UpstreamConnector;
import io.undertow.Undertow;
import io.undertow.client.ClientCallback;
import io.undertow.client.ClientExchange;
import io.undertow.client.ClientRequest;
import io.undertow.connector.ByteBufferPool;
import io.undertow.server.DefaultByteBufferPool;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import io.undertow.util.StringReadChannelListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.xnio.OptionMap;
import org.xnio.Options;
import org.xnio.Xnio;
import org.xnio.XnioIoThread;
import org.xnio.XnioWorker;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static io.lumen.testkit.core.Await.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * A {@link ConnectionPool} retires connections after {@code maxRequests} requests or
 * {@code expireTime} ms: they take no new request and close when their last one ends. Real HTTP/1.1
 * against an Undertow server on a free port that answers with the client's source port, so each
 * answer names the connection that carried it.
 */
class RetirementTest {
    private Undertow server;
    private URI origin;
    private XnioWorker worker;
    private XnioIoThread thread;
    private final ByteBufferPool buffers = new DefaultByteBufferPool(false, 4096);
    private final AtomicLong clock = new AtomicLong(1_000_000);
    private ConnectionPool pool;

    @BeforeEach
    void start() throws Exception {
        server = Undertow.builder().addHttpListener(0, "127.0.0.1")
                .setHandler(ex -> ex.getResponseSender().send(String.valueOf(ex.getSourceAddress().getPort())))
                .build();
        server.start();
        int port = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
        origin = URI.create("http://127.0.0.1:" + port);
        worker = Xnio.getInstance().createWorker(OptionMap.create(Options.WORKER_IO_THREADS, 1));
        thread = worker.getIoThread();
    }

    @AfterEach
    void stop() {
        if (pool != null) {
            pool.close();
        }
        worker.shutdownNow();
        server.stop();
    }

    private ConnectionPool pool(long maxRequests, long expireTime) {
        OptionMap options = UpstreamConnector.options(false, true);
        pool = new ConnectionPool(origin, new ConnectionPool.Settings(null, options, options, 4, 100, 600_000, 100,
                5_000, clock::get, maxRequests, expireTime));
        return pool;
    }

    /** One GET through the pool: the source port of the connection that carried it. */
    private String get() throws Exception {
        Get get = new Get();
        thread.execute(() -> pool.acquire(get));
        return get.answer.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aConnectionCarriesAtMostMaxRequestsThenCloses() throws Exception {
        pool(2, Long.MAX_VALUE);
        List<String> ports = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ports.add(get());
        }
        assertEquals(ports.get(0), ports.get(1), "two requests on the first connection: " + ports);
        assertEquals(ports.get(2), ports.get(3), "two on the second: " + ports);
        assertNotEquals(ports.get(1), ports.get(2), ports.toString());
        assertNotEquals(ports.get(3), ports.get(4), ports.toString());
        until(() -> pool.openConnections() == 1, Duration.ofSeconds(10), "the two spent connections closed");
    }

    @Test
    void aConnectionOlderThanExpireTimeIsNotUsedAgain() throws Exception {
        pool(Long.MAX_VALUE, 60_000);
        String first = get();
        assertEquals(first, get(), "kept alive while young");
        clock.addAndGet(60_000);
        get(); // the old connection may carry this one (expiry is seen when it comes back) or be swept first
        String after = get();
        assertNotEquals(first, after, "an expired connection took a new request");
        until(() -> pool.openConnections() == 1, Duration.ofSeconds(10), "the expired connection closed");
    }

    @Test
    void theSweepClosesAnIdleExpiredConnection() throws Exception {
        pool(Long.MAX_VALUE, 1_000);
        get();
        assertEquals(1, pool.openConnections());
        clock.addAndGet(1_000);
        until(() -> pool.openConnections() == 0, Duration.ofSeconds(10), "the sweep closed the expired idle connection");
    }

    /** A lease that sends a GET and reads the whole answer, then gives the connection back. */
    private final class Get implements Lease {
        final CompletableFuture<String> answer = new CompletableFuture<>();

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
            return answer.isDone();
        }

        @Override
        public void leased(PooledConnection c) {
            ClientRequest request = new ClientRequest().setMethod(Methods.GET).setPath("/");
            request.getRequestHeaders().put(Headers.HOST, origin.getAuthority());
            c.connection().sendRequest(request, new ClientCallback<>() {
                @Override
                public void completed(ClientExchange exchange) {
                    exchange.setResponseListener(new ClientCallback<>() {
                        @Override
                        public void completed(ClientExchange response) {
                            new StringReadChannelListener(buffers) {
                                @Override
                                protected void stringDone(String body) {
                                    c.release(true);
                                    answer.complete(body);
                                }

                                @Override
                                protected void error(IOException e) {
                                    c.release(false);
                                    answer.completeExceptionally(e);
                                }
                            }.setup(response.getResponseChannel());
                        }

                        @Override
                        public void failed(IOException e) {
                            c.release(false);
                            answer.completeExceptionally(e);
                        }
                    });
                }

                @Override
                public void failed(IOException e) {
                    c.release(false);
                    answer.completeExceptionally(e);
                }
            });
        }

        @Override
        public void leaseFailed(Failure failure, IOException cause) {
            answer.completeExceptionally(new IOException(failure + ": " + cause, cause));
        }
    }
}
