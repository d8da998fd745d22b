package io.lumen.proxy;

import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ErrorJson;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.proxy.testing.RawBackend;
import io.lumen.testkit.core.Await;
import io.lumen.testkit.core.Pace;
import io.lumen.testkit.raw.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the client gets when upstreams fail: refused connections, timeouts (global and per path),
 * connections closed or reset before the answer (retried only when that is safe), an upstream
 * killed under load, and the recovery when it comes back.
 */
class FailuresTest {

    static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }

    static long millisSince(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    @Test
    void anUpstreamWhosePortIsClosedGives502Unreachable(@TempDir Path dir) throws IOException {
        try (ProxyUnderTest p = ProxyUnderTest.in(dir).hosts("http://127.0.0.1:" + closedPort()).start()) {
            long start = System.nanoTime();
            HttpResponse<String> r = p.get("/x");
            String description = ErrorJson.assertError(r, 502, "ERR19030");
            assertTrue(description.contains("GET /x"), description);
            assertTrue(millisSince(start) < 2000, "refused connections fail fast: " + millisSince(start) + " ms");
        }
    }

    @Test
    void everyRequestToAClosedPortGetsAnErrorJsonEvenOnceTheUpstreamIsEjected(@TempDir Path dir) throws IOException {
        try (ProxyUnderTest p = ProxyUnderTest.in(dir).hosts("http://127.0.0.1:" + closedPort()).start()) {
            for (int i = 0; i < 5; i++) {
                HttpResponse<String> r = p.get("/x" + i);
                String code = ErrorJson.code(r.body());
                assertTrue((r.statusCode() == 502 && "ERR19030".equals(code)) || (r.statusCode() == 503 && "ERR19031".equals(code)),
                        r.statusCode() + " " + r.body());
            }
        }
    }

    @Test
    void aRequestThatNeverReachedAnUpstreamIsRetriedOnAnotherWhateverItsMethod(@TempDir Path dir) throws IOException {
        try (Backend good = Backend.http("good").start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts("http://127.0.0.1:" + closedPort(), good.url()).start()) {
            for (int i = 0; i < 6; i++) {
                HttpResponse<String> r = p.send(p.request("/orders").POST(HttpRequest.BodyPublishers.ofString("order " + i)).build());
                assertEquals(200, r.statusCode(), r.body());
                assertEquals("hello from good", r.body());
            }
            assertEquals(6, good.count(), "each POST reached the good upstream exactly once");
            for (int i = 0; i < 6; i++) {
                assertEquals("order " + i, good.received().get(i).bodyText());
            }
        }
    }

    @Test
    void aSlowUpstreamGives504AtMaxRequestTime(@TempDir Path dir) throws IOException {
        CountDownLatch late = new CountDownLatch(1); // the upstream answers only after the test: the timeout must end it
        try (Backend slow = Backend.http("slow").respond("/", Backend.heldUntil(late, () -> "late")).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(slow.url()).value("proxy.maxRequestTime", 500).start()) {
            long start = System.nanoTime();
            HttpResponse<String> r = p.get("/slow");
            long took = millisSince(start);
            String description = ErrorJson.assertError(r, 504, "ERR19032");
            assertTrue(description.contains("GET /slow") && description.contains("500"), description);
            assertTrue(took >= 480, "not before maxRequestTime: " + took + " ms");
            assertTrue(took < 10_000, "at maxRequestTime (500 ms), not at some later limit: " + took + " ms");
        } finally {
            late.countDown();
        }
    }

    @Test
    void pathTimeoutsOverrideMaxRequestTimeByLongestPrefix(@TempDir Path dir) throws IOException {
        Map<String, Integer> timeouts = new LinkedHashMap<>();
        timeouts.put("/fast", 200);
        timeouts.put("/patient", 0);
        timeouts.put("/patient/quick", 300);
        try (Backend slow = Backend.http("slow")
                     .respond("/", Backend.slow(1200, () -> "late"))
                     .respond("/fast", Backend.slow(3000, () -> "late")).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(slow.url()).value("proxy.maxRequestTime", 700)
                     .value("proxy.pathTimeouts", timeouts)
                     .value("proxy.ejection.consecutiveFailures", 0).start()) {
            assertTimesOut(p, "/fast/x", 200);
            assertTimesOut(p, "/fastest", 700); // a prefix matches whole segments
            assertTimesOut(p, "/patient/quick/1", 300);
            assertTimesOut(p, "/other", 700);
            long start = System.nanoTime();
            HttpResponse<String> r = p.get("/patient/long");
            assertEquals(200, r.statusCode(), r.body());
            assertEquals("late", r.body());
            assertTrue(millisSince(start) >= 1150, "0 = no limit: waited for the upstream");
        }
    }

    @Test
    void shortAndLongTimeoutsPendingTogetherEachFireOnTime(@TempDir Path dir) throws Exception {
        // the timers are kept per IO thread with one armed XNIO timer for the earliest deadline:
        // a short timeout that arrives after a long one must not wait for the long one's timer,
        // and the long one must still fire once the short ones are gone
        Map<String, Integer> timeouts = new LinkedHashMap<>();
        timeouts.put("/fast", 250);
        ExecutorService clients = Executors.newCachedThreadPool(); // one blocked caller per request in flight
        try (Backend slow = Backend.http("slow").respond("/", Backend.slow(3000, () -> "late")).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(slow.url()).value("proxy.maxRequestTime", 1500)
                     .value("proxy.pathTimeouts", timeouts)
                     .value("proxy.ejection.consecutiveFailures", 0).start()) {
            List<CompletableFuture<Void>> longOnes = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                String path = "/slow/" + i;
                longOnes.add(CompletableFuture.runAsync(() -> assertTimesOut(p, path, 1500), clients));
            }
            // the long ones are pending at the upstream: each IO thread's timer is armed for them
            Await.until(() -> slow.received("/slow").size() == 4, Duration.ofSeconds(30), "the four long requests at the upstream");
            for (int wave = 0; wave < 2; wave++) {
                List<CompletableFuture<Void>> shortOnes = new ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    String path = "/fast/" + wave + "/" + i;
                    shortOnes.add(CompletableFuture.runAsync(() -> {
                        long start = System.nanoTime();
                        assertTimesOut(p, path, 250);
                        assertTrue(millisSince(start) < 1000, path + " waited for the long timeout: " + millisSince(start) + " ms");
                    }, clients));
                }
                CompletableFuture.allOf(shortOnes.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
            }
            CompletableFuture.allOf(longOnes.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
            HttpResponse<String> r = p.get("/patient"); // and afterwards requests time out as before
            ErrorJson.assertError(r, 504, "ERR19032");
        } finally {
            clients.shutdownNow();
        }
    }

    private static void assertTimesOut(ProxyUnderTest p, String path, long ms) {
        long start = System.nanoTime();
        HttpResponse<String> r = p.get(path);
        long took = millisSince(start);
        String description = ErrorJson.assertError(r, 504, "ERR19032");
        assertTrue(description.contains(" " + ms + " ms"), path + ": " + description);
        assertTrue(took >= ms - 20 && took < ms + 900, path + " took " + took + " ms, timeout " + ms);
    }

    @Test
    void afterA504TheSameClientConnectionAndTheUpstreamServeTheNextRequest(@TempDir Path dir) throws IOException {
        CountDownLatch late = new CountDownLatch(1); // the upstream answers /slow only after the 504 and the next request
        // maxRequestTime: short enough for a quick test, long enough for /fine on a loaded machine
        try (Backend b = Backend.http("b").respond("/slow", Backend.heldUntil(late, () -> "late")).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).value("proxy.maxRequestTime", 2000).start();
             RawHttp c = new RawHttp(p.port(), 30_000)) {
            c.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttp.Response timedOut = c.read();
            assertEquals(504, timedOut.status());
            ErrorJson.assertError(timedOut.bodyText(), 504, "ERR19032");
            c.send("GET /fine HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttp.Response next = c.read();
            assertEquals(200, next.status());
            assertEquals("hello from b", next.bodyText());
            // the late answer is written upstream-side; nothing of it may reach this connection
            late.countDown();
            Await.until(() -> b.received("/slow").size() == 1 && b.inFlight() == 0, Duration.ofSeconds(30), "the upstream wrote its late answer");
            c.send("GET /again HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttp.Response again = c.read();
            assertEquals(200, again.status());
            assertEquals("hello from b", again.bodyText());
        } finally {
            late.countDown(); // a failed assertion must not hold the backend's worker
        }
    }

    @Test
    void anUpstreamClosingAfterTheRequestGives502FailedForPostWithoutRetry(@TempDir Path dir) throws IOException {
        try (RawBackend closing = RawBackend.start(RawBackend.closeAfterHead());
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(closing.url()).start()) {
            HttpResponse<String> r = p.send(p.request("/pay").POST(HttpRequest.BodyPublishers.ofString("{\"amount\":1}")).build());
            String description = ErrorJson.assertError(r, 502, "ERR19033");
            assertTrue(description.contains("POST /pay"), description);
            assertEquals(1, closing.heads().size(), "a POST that reached the upstream is not sent again: " + closing.heads());
        }
    }

    @Test
    void anUpstreamResettingAfterTheRequestGives502FailedForPost(@TempDir Path dir) throws IOException {
        try (RawBackend resetting = RawBackend.start(RawBackend.resetAfterHead());
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(resetting.url()).start()) {
            HttpResponse<String> r = p.send(p.request("/pay").POST(HttpRequest.BodyPublishers.ofString("{\"amount\":1}")).build());
            ErrorJson.assertError(r, 502, "ERR19033");
            assertEquals(1, resetting.heads().size(), resetting.heads().toString());
        }
    }

    @Test
    void aGetFailedByOneUpstreamIsRetriedOnAHealthyOne(@TempDir Path dir) throws IOException {
        try (RawBackend resetting = RawBackend.start(RawBackend.resetAfterHead());
             RawBackend closing = RawBackend.start(RawBackend.closeAfterHead());
             Backend good = Backend.http("good").start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(resetting.url(), closing.url(), good.url())
                     .value("proxy.ejection.consecutiveFailures", 0)
                     .value("proxy.retryBudget.minPerSecond", 1000).start()) {
            for (int i = 0; i < 9; i++) {
                HttpResponse<String> r = p.get("/items/" + i);
                assertEquals(200, r.statusCode(), r.body());
                assertEquals("hello from good", r.body());
            }
            assertTrue(resetting.heads().size() >= 1 && closing.heads().size() >= 1,
                    "the failing upstreams were tried: " + resetting.heads().size() + ", " + closing.heads().size());
            assertEquals(9, good.count());
        }
    }

    @Test
    void theRetryBudgetBoundsRetriesWhenAnUpstreamKeepsFailing(@TempDir Path dir) throws IOException {
        try (RawBackend resetting = RawBackend.start(RawBackend.resetAfterHead());
             Backend good = Backend.http("good").start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(resetting.url(), good.url())
                     .value("proxy.ejection.consecutiveFailures", 0)
                     .value("proxy.retryBudget.percent", 0)
                     .value("proxy.retryBudget.minPerSecond", 2).start()) {
            int failed = 0;
            long start = System.nanoTime();
            for (int i = 0; i < 12; i++) {
                HttpResponse<String> r = p.get("/items/" + i);
                if (r.statusCode() != 200) {
                    ErrorJson.assertError(r, 502, "ERR19033");
                    failed++;
                }
            }
            long took = millisSince(start);
            int retried = resetting.heads().size() - failed; // reached the failing one, then answered by the good one
            assertTrue(resetting.heads().size() >= 6, "round robin sent it its share: " + resetting.heads().size());
            assertTrue(retried >= 1, "retries happen while the budget lasts");
            // the budget's one-second windows start with the proxy, not with this loop: a loop of took ms touches at
            // most took / 1000 + 2 of them (a loaded machine's first requests may come just before a window ends)
            assertTrue(retried <= 2 * (2 + took / 1000), retried + " retries in " + took + " ms with 2 a second allowed");
            assertTrue(failed >= 1, "once the budget is spent the failure is answered");
            assertEquals(12 - failed, good.count());
        }
    }

    @Test
    void anUpstreamAcceptingAndClosingAtOnceGivesAnErrorJsonAndGetIsRetried(@TempDir Path dir) throws IOException {
        try (RawBackend rude = RawBackend.start(RawBackend.acceptAndClose());
             Backend good = Backend.http("good").start();
             ProxyUnderTest alone = ProxyUnderTest.in(Files.createDirectories(dir.resolve("alone")))
                     .hosts(rude.url()).start()) {
            HttpResponse<String> post = alone.send(alone.request("/pay").POST(HttpRequest.BodyPublishers.ofString("x")).build());
            String code = ErrorJson.code(post.body());
            assertTrue(post.statusCode() == 502 && ("ERR19033".equals(code) || "ERR19030".equals(code)), post.body());
            try (ProxyUnderTest both = ProxyUnderTest.in(Files.createDirectories(dir.resolve("both"))).hosts(rude.url(), good.url())
                    .value("proxy.ejection.consecutiveFailures", 0).start()) {
                for (int i = 0; i < 6; i++) {
                    HttpResponse<String> r = both.get("/items/" + i);
                    assertEquals(200, r.statusCode(), r.body());
                }
                assertEquals(6, good.count());
            }
        }
    }

    @Test
    void anIdleConnectionClosedByTheUpstreamIsNotReusedForTheNextPost(@TempDir Path dir) throws Exception {
        try (Backend b = Backend.http("b").idleTimeout(300).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).start()) {
            for (int i = 0; i < 3; i++) {
                HttpResponse<String> r = p.send(p.request("/post").POST(HttpRequest.BodyPublishers.ofString("n" + i)).build());
                assertEquals(200, r.statusCode(), "POST " + i + ": " + r.body());
                // the upstream closes the idle connection meanwhile, and the proxy sees it closed
                Await.until(() -> b.openConnections() == 0 && ProxyInternals.upstreams(p).all().get(0).pool().openConnections() == 0,
                        Duration.ofSeconds(30), "the upstream closed the idle connection (idleTimeout 300 ms)");
            }
            assertEquals(3, b.count());
        }
    }

    @Test
    void anUpstreamKilledUnderLoadFailsEveryRequestCleanlyAndIsServedAgainWhenBack(@TempDir Path dir) throws Exception {
        Backend b = Backend.http("b").respond("/", Backend.slow(20, () -> "ok")).start();
        try (ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).start()) {
            int n = 400;
            Map<String, AtomicInteger> outcomes = new ConcurrentHashMap<>();
            List<CompletableFuture<Void>> all = new ArrayList<>();
            AtomicInteger done = new AtomicInteger();
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                HttpRequest req = p.request("/load/" + i).timeout(Duration.ofSeconds(15)).GET().build();
                all.add(ProxyUnderTest.HTTP.sendAsync(req, HttpResponse.BodyHandlers.ofString())
                        .handle((r, e) -> {
                            String outcome;
                            if (e != null) {
                                outcome = "exception " + (e.getCause() == null ? e : e.getCause()).getClass().getSimpleName();
                            } else if (r.statusCode() == 200 && r.body().equals("ok")) {
                                outcome = "200";
                            } else {
                                String code = ErrorJson.code(r.body());
                                // a stopping Undertow refuses work it cannot dispatch with a bare 503: the upstream's answer, passed on
                                outcome = code == null && r.statusCode() == 503 && r.body().isEmpty() ? "upstream 503" : r.statusCode() + " " + code;
                            }
                            outcomes.computeIfAbsent(outcome, k -> new AtomicInteger()).incrementAndGet();
                            done.incrementAndGet();
                            return null;
                        }));
                if (i == n / 4) {
                    Pace.slowSender(Duration.ofMillis(50)); // a pause in the load: some answers come back meanwhile
                }
            }
            // kill it once some answers came back and many are still in flight
            Await.holdsWithin(() -> done.get() >= n / 10, Duration.ofSeconds(10));
            b.stop();
            CompletableFuture.allOf(all.toArray(new CompletableFuture[0])).get(30, TimeUnit.SECONDS);
            long took = millisSince(start);
            assertTrue(took < 20_000, "all done in " + took + " ms");
            for (String outcome : outcomes.keySet()) {
                assertTrue(outcome.equals("200") || outcome.equals("502 ERR19030") || outcome.equals("502 ERR19033")
                        || outcome.equals("503 ERR19031") || outcome.equals("503 ERR19034") || outcome.equals("504 ERR19032")
                        || outcome.equals("upstream 503"),
                        "unexpected outcome " + outcome + " in " + outcomes);
            }
            assertTrue(outcomes.containsKey("200") && outcomes.size() > 1, "some passed, some failed: " + outcomes);

            b.restart();
            long back = System.nanoTime();
            Await.until(() -> p.get("/back").statusCode() == 200, Duration.ofSeconds(30), "served again after the upstream came back");
            assertTrue(millisSince(back) < 2200, "within ~2 s (ejectTime 1000 ms): " + millisSince(back) + " ms");
        } finally {
            b.close();
        }
    }
}
