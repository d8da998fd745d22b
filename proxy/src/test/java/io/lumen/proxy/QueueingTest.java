package io.lumen.proxy;

import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ErrorJson;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * connectionsPerThread caps the connections to an upstream; requests beyond it wait in a queue of
 * maxQueuedRequests, and beyond that get 503 ERR19034 at once. One IO thread here, so the caps are
 * the totals.
 */
class QueueingTest {

    private static List<CompletableFuture<HttpResponse<String>>> concurrently(ProxyUnderTest p, int n) {
        List<CompletableFuture<HttpResponse<String>>> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            all.add(ProxyUnderTest.HTTP.sendAsync(p.request("/slow/" + i).GET().build(), HttpResponse.BodyHandlers.ofString()));
        }
        return all;
    }

    @Test
    void requestsBeyondTheConnectionCapWaitTheirTurn(@TempDir Path dir) throws Exception {
        try (Backend b = Backend.http("b").respond("/slow", Backend.slow(150, () -> "done")).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).value("server.ioThreads", 1)
                     .value("proxy.connectionsPerThread", 2).value("proxy.maxRequestTime", 5000).start()) {
            for (CompletableFuture<HttpResponse<String>> f : concurrently(p, 8)) {
                HttpResponse<String> r = f.get(10, TimeUnit.SECONDS);
                assertEquals(200, r.statusCode(), r.body());
                assertEquals("done", r.body());
            }
            assertEquals(2, b.maxInFlight(), "never more than two at the upstream");
            assertTrue(b.connectionsSeen() <= 2, "two connections, reused: " + b.connectionsSeen());
        }
    }

    @Test
    void requestsBeyondTheQueueGet503BusyAtOnce(@TempDir Path dir) throws Exception {
        CountDownLatch answer = new CountDownLatch(1); // the upstream holds the first request until the refusals are in
        try (Backend b = Backend.http("b").respond("/slow", Backend.heldUntil(answer, () -> "done")).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).value("server.ioThreads", 1)
                     .value("proxy.connectionsPerThread", 1).value("proxy.maxQueuedRequests", 1)
                     .value("proxy.maxRequestTime", 60_000).start()) {
            List<CompletableFuture<HttpResponse<String>>> all = concurrently(p, 6);
            try {
                // refused at once: while the upstream still holds the first request, not after its answer
                Await.until(() -> all.stream().filter(CompletableFuture::isDone).count() == 4, Duration.ofSeconds(30),
                        "four answered while the upstream holds the first request");
                for (CompletableFuture<HttpResponse<String>> f : all) {
                    if (f.isDone()) {
                        ErrorJson.assertError(f.get(), 503, "ERR19034");
                    }
                }
            } finally {
                answer.countDown();
            }
            Map<String, Integer> outcomes = new TreeMap<>();
            for (CompletableFuture<HttpResponse<String>> f : all) {
                HttpResponse<String> r = f.get(60, TimeUnit.SECONDS);
                outcomes.merge(String.valueOf(r.statusCode()), 1, Integer::sum);
            }
            assertEquals(Map.of("200", 2, "503", 4), outcomes, "one on the connection, one queued, the rest refused");
            assertEquals(2, b.count());
        }
    }

    @Test
    void aRequestQueuedLongerThanTheIdleTimeoutIs504AndLeavesTheQueue(@TempDir Path dir) throws Exception {
        CountDownLatch answer = new CountDownLatch(1); // the connection stays busy until the queued ones are cut
        try (Backend b = Backend.http("b").respond("/slow", Backend.heldUntil(answer, () -> "done")).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).value("server.ioThreads", 1)
                     .value("proxy.connectionsPerThread", 1).value("proxy.maxRequestTime", 60_000)
                     .value("proxy.streamIdleTimeout", 600)
                     .value("proxy.ejection.consecutiveFailures", 0).start()) {
            List<CompletableFuture<HttpResponse<String>>> all = concurrently(p, 3);
            try {
                // the others wait in the queue with nothing moving and are cut by the idle timeout
                // (600 ms, checked every 150) while the connection is still busy with the first
                Await.until(() -> all.stream().filter(CompletableFuture::isDone).count() == 2, Duration.ofSeconds(30),
                        "the two queued requests cut while the upstream holds the first");
            } finally {
                answer.countDown();
            }
            List<Integer> statuses = new ArrayList<>();
            for (CompletableFuture<HttpResponse<String>> f : all) {
                statuses.add(f.get(60, TimeUnit.SECONDS).statusCode());
            }
            statuses.sort(null);
            assertEquals(List.of(200, 504, 504), statuses);
            assertEquals(200, p.get("/after").statusCode(), "the abandoned waiters did not take the connection");
        }
    }
}
