package io.lumen.client.pool;

import io.lumen.client.connect.UpstreamConnector;
import io.undertow.Undertow;
import io.undertow.server.HttpHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.xnio.OptionMap;

import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static io.lumen.testkit.core.Await.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@link ConnectionPool} retires connections after {@code maxRequests} requests or
 * {@code expireTime} ms: they take no new request and close when their last one ends. Real HTTP/1.1
 * against an Undertow server on a free port that answers with the client's source port, so each
 * answer names the connection that carried it.
 */
class RetirementTest extends OneIoThread {
    private Undertow server;
    private URI origin;
    private final AtomicLong clock = new AtomicLong(1_000_000);
    /** {@code /hold} answers once this opens. */
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch held = new CountDownLatch(1);

    @BeforeEach
    void start() {
        HttpHandler answer = ex -> ex.getResponseSender().send(String.valueOf(ex.getSourceAddress().getPort()));
        HttpHandler hold = ex -> { // on a worker thread
            held.countDown();
            release.await();
            answer.handleRequest(ex);
        };
        server = Undertow.builder().addHttpListener(0, "127.0.0.1")
                .setHandler(ex -> {
                    if (ex.getRequestPath().equals("/hold")) {
                        ex.dispatch(hold);
                    } else {
                        answer.handleRequest(ex);
                    }
                })
                .build();
        server.start();
        int port = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
        origin = URI.create("http://127.0.0.1:" + port);
    }

    @AfterEach
    void stop() {
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
        GetLease get = new GetLease(thread, buffers, origin.getAuthority());
        thread.execute(() -> pool.acquire(get));
        return get.result.get(10, TimeUnit.SECONDS);
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
    void aRetiredPoolClosesIdleConnectionsNowAndBusyOnesAfterTheirRequest() throws Exception {
        pool(Long.MAX_VALUE, Long.MAX_VALUE);
        GetLease busy = new GetLease(thread, buffers, origin.getAuthority(), "/hold");
        thread.execute(() -> pool.acquire(busy));
        assertTrue(held.await(10, TimeUnit.SECONDS), "the held request reached the server");
        get(); // a second connection, idle afterwards
        assertEquals(2, pool.openConnections());
        pool.retire();
        until(() -> pool.openConnections() == 1, Duration.ofSeconds(10), "the idle connection closed at once");
        release.countDown();
        busy.result.get(10, TimeUnit.SECONDS);
        until(() -> pool.openConnections() == 0, Duration.ofSeconds(10), "the busy one closed after its request");
    }

    @Test
    void theSweepClosesAnIdleExpiredConnection() throws Exception {
        pool(Long.MAX_VALUE, 1_000);
        get();
        assertEquals(1, pool.openConnections());
        clock.addAndGet(1_000);
        until(() -> pool.openConnections() == 0, Duration.ofSeconds(10), "the sweep closed the expired idle connection");
    }
}
