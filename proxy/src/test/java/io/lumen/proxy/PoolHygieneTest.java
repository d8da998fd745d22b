package io.lumen.proxy;

import io.lumen.client.pool.ConnectionPool;
import io.lumen.proxy.testing.ErrorJson;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.proxy.testing.RawBackend;
import io.lumen.testkit.core.Await;
import io.lumen.testkit.core.Pace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pools stay bounded and their counts true under failures: 2,000 concurrent requests against an
 * upstream that resets, drops or closes some of its connections all complete, the upstream never
 * sees more than connectionsPerThread x IO threads connections, and afterwards the pool counts
 * exactly the connections that are really open.
 */
class PoolHygieneTest {
    private static final int PER_THREAD = 4;

    /** Keep-alive HTTP/1.1 with injected failures: of every 20 requests one is reset, one dropped, one answered then closed. */
    private static RawBackend.Behaviour flaky(AtomicInteger counter) {
        return (Socket s, RawBackend b) -> {
            for (;;) {
                String head = RawBackend.readHead(s.getInputStream());
                if (head.isEmpty()) {
                    return;
                }
                int n = counter.incrementAndGet();
                switch (n % 20) {
                    case 3 -> {
                        RawBackend.reset(s);
                        return;
                    }
                    case 7 -> {
                        s.close(); // FIN, no answer
                        return;
                    }
                    case 11 -> {
                        s.getOutputStream().write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.US_ASCII));
                        s.getOutputStream().flush();
                        s.close(); // answered, then closed without saying so
                        return;
                    }
                    default -> {
                        s.getOutputStream().write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.US_ASCII));
                        s.getOutputStream().flush();
                    }
                }
            }
        };
    }

    @Test
    void twoThousandRequestsWithInjectedFailuresLeaveTheCountsTrueAndBounded(@TempDir Path dir) throws Exception {
        AtomicInteger counter = new AtomicInteger();
        try (RawBackend backend = RawBackend.start(flaky(counter));
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(backend.url())
                     .value("proxy.connectionsPerThread", PER_THREAD)
                     .value("proxy.ejection.consecutiveFailures", 0)
                     .value("proxy.maxRequestTime", 1000).start()) {
            ConnectionPool pool = ProxyInternals.upstreams(p).all().get(0).pool();
            int total = 2000;
            Semaphore inFlight = new Semaphore(48);
            Map<String, AtomicInteger> outcomes = new ConcurrentHashMap<>();
            List<CompletableFuture<Void>> all = new ArrayList<>();
            AtomicInteger maxPoolCount = new AtomicInteger();
            Thread sampler = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    maxPoolCount.accumulateAndGet(pool.openConnections(), Math::max);
                    Pace.samplingPeriod(Duration.ofNanos(200_000)); // an interrupt keeps its flag: the loop ends
                }
            }, "pool-sampler");
            sampler.setDaemon(true);
            sampler.start();
            long start = System.nanoTime();
            for (int i = 0; i < total; i++) {
                if (!inFlight.tryAcquire(20, TimeUnit.SECONDS)) {
                    throw new AssertionError("requests stopped completing: " + outcomes);
                }
                HttpRequest req = p.request("/r/" + i).timeout(Duration.ofSeconds(20)).GET().build();
                all.add(ProxyUnderTest.HTTP.sendAsync(req, HttpResponse.BodyHandlers.ofString()).handle((r, e) -> {
                    String outcome = e != null ? "exception " + e
                            : r.statusCode() == 200 && r.body().equals("ok") ? "200" : r.statusCode() + " " + ErrorJson.code(r.body());
                    outcomes.computeIfAbsent(outcome, k -> new AtomicInteger()).incrementAndGet();
                    inFlight.release();
                    return null;
                }));
            }
            CompletableFuture.allOf(all.toArray(new CompletableFuture[0])).get(60, TimeUnit.SECONDS);
            sampler.interrupt();
            long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            int answered = outcomes.values().stream().mapToInt(AtomicInteger::get).sum();
            assertEquals(total, answered, "every request completed: " + outcomes);
            for (String outcome : outcomes.keySet()) {
                assertTrue(outcome.equals("200") || outcome.equals("502 ERR19033"), "unexpected " + outcome + " in " + outcomes);
            }
            assertTrue(outcomes.get("200").get() >= total * 9 / 10, "failed GETs are mostly retried: " + outcomes);
            int bound = PER_THREAD * ProxyUnderTest.IO_THREADS;
            assertTrue(maxPoolCount.get() <= bound, "the pool counted at most " + bound + ", counted " + maxPoolCount);
            assertTrue(maxPoolCount.get() >= bound / 2, "the load used the pool: " + maxPoolCount);
            // the upstream learns of a close a moment after the proxy (which may already have opened the
            // replacement): its count may lag by a connection or two, never grow without bound
            assertTrue(backend.maxOpen() <= bound + 2, "the upstream saw at most ~" + bound + " connections at once, saw " + backend.maxOpen());
            assertTrue(counter.get() > total, "failures happened and were retried: " + counter.get() + " upstream requests in " + took + " ms");

            // afterwards the pool's count is the truth: no connection counted that is not open
            Await.holdsWithin(() -> pool.openConnections() == backend.open(), Duration.ofSeconds(3));
            assertEquals(backend.open(), pool.openConnections(), "pool count vs sockets open at the upstream");
            assertTrue(pool.openConnections() <= bound);

            // and the pool still serves a burst at full width
            List<CompletableFuture<HttpResponse<String>>> burst = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                burst.add(ProxyUnderTest.HTTP.sendAsync(p.request("/after/" + i).GET().build(), HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> f : burst) {
                int status = f.get(10, TimeUnit.SECONDS).statusCode();
                assertTrue(status == 200 || status == 502, "status " + status);
            }
        }
    }

    @Test
    void connectionsToADeadUpstreamAreNotCountedAsOpen(@TempDir Path dir) throws Exception {
        try (RawBackend rude = RawBackend.start(RawBackend.acceptAndClose());
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(rude.url())
                     .value("proxy.connectionsPerThread", 2)
                     .value("proxy.ejection.consecutiveFailures", 0).start()) {
            ConnectionPool pool = ProxyInternals.upstreams(p).all().get(0).pool();
            for (int i = 0; i < 30; i++) {
                int status = p.get("/x" + i).statusCode();
                assertEquals(502, status);
            }
            Await.holdsWithin(() -> pool.openConnections() == 0, Duration.ofSeconds(2));
            assertEquals(0, pool.openConnections(), "every closed connection was uncounted");
            assertTrue(rude.accepted() >= 30, "each request got its own connection attempt: " + rude.accepted());
        }
    }
}
