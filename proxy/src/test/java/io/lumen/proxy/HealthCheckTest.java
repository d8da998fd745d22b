package io.lumen.proxy;

import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ErrorJson;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.undertow.server.HttpServerExchange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Active health checks ({@code healthCheck} in proxy.yml, every 100 ms here): an upstream whose
 * check fails twice gets no traffic, one that passes again gets it back, and with none healthy
 * the proxy answers 503 ERR13011.
 */
class HealthCheckTest {
    private final AtomicInteger healthA = new AtomicInteger(200);
    private final AtomicInteger healthB = new AtomicInteger(200);
    private final AtomicInteger delayA = new AtomicInteger(0);
    private Backend a;
    private Backend b;
    private ProxyUnderTest proxy;

    @BeforeEach
    void start(@TempDir Path dir) {
        a = Backend.http("a").respond("/health", health(healthA, delayA)).start();
        b = Backend.http("b").respond("/health", health(healthB, new AtomicInteger())).start();
        proxy = ProxyUnderTest.in(dir).hosts(a.url(), b.url())
                .value("proxy.healthCheck.enabled", true)
                .value("proxy.healthCheck.path", "/health")
                .value("proxy.healthCheck.interval", 100)
                .value("proxy.healthCheck.timeout", 300)
                .value("proxy.healthCheck.unhealthyThreshold", 2)
                .value("proxy.healthCheck.healthyThreshold", 1)
                .start();
    }

    @AfterEach
    void stop() {
        proxy.close();
        a.close();
        b.close();
    }

    private static Backend.Responder health(AtomicInteger status, AtomicInteger delay) {
        return (HttpServerExchange ex, Backend.Received r) -> {
            if (delay.get() > 0) {
                Thread.sleep(delay.get());
            }
            ex.setStatusCode(status.get());
            ex.getResponseSender().send(status.get() == 200 ? "UP" : "DOWN");
        };
    }

    /** Who answered {@code n} sequential requests, by X-Backend. */
    private Map<String, Integer> spread(int n) {
        Map<String, Integer> by = new HashMap<>();
        for (int i = 0; i < n; i++) {
            HttpResponse<String> r = proxy.get("/work/" + i);
            String who = r.statusCode() == 200 ? r.headers().firstValue("X-Backend").orElse("?") : r.statusCode() + " " + ErrorJson.code(r.body());
            by.merge(who, 1, Integer::sum);
        }
        return by;
    }

    private static boolean waitFor(BooleanSupplier condition, long ms) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }

    @Test
    void theChecksRunOnEveryUpstreamAtTheInterval() throws InterruptedException {
        Thread.sleep(1000);
        int checksA = a.received("/health").size();
        int checksB = b.received("/health").size();
        assertTrue(checksA >= 5 && checksA <= 13, "about 10 checks a second: " + checksA);
        assertTrue(checksB >= 5 && checksB <= 13, "about 10 checks a second: " + checksB);
        assertEquals("GET", a.received("/health").get(0).method());
    }

    @Test
    void anUpstreamFailingItsChecksGetsNoTrafficUntilItPassesAgain() throws InterruptedException {
        assertEquals(Map.of("a", 10, "b", 10), spread(20), "both healthy: round robin");

        healthA.set(503);
        int checksBefore = a.received("/health").size();
        assertTrue(waitFor(() -> a.received("/health").size() >= checksBefore + 3, 2000), "checks go on");
        Thread.sleep(150);
        a.clear();
        assertEquals(Map.of("b", 20), spread(20), "a is out");
        assertEquals(0, a.received("/work").size());

        healthA.set(200);
        long back = System.nanoTime();
        assertTrue(waitFor(() -> spread(2).containsKey("a"), 2000), "a gets traffic again once it passes");
        long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - back);
        assertTrue(took < 1000, "one passed check (healthyThreshold 1) at 100 ms intervals brings it back: " + took + " ms");
        assertEquals(Map.of("a", 10, "b", 10), spread(20));
    }

    @Test
    void aCheckSlowerThanItsTimeoutFails() throws InterruptedException {
        delayA.set(1000); // timeout 300 ms
        assertTrue(waitFor(() -> spread(4).equals(Map.of("b", 4)), 3000), "a is out");
        delayA.set(0);
        assertTrue(waitFor(() -> spread(2).containsKey("a"), 3000), "a is back");
    }

    @Test
    void anUpstreamThatStopsListeningFailsItsChecks() throws InterruptedException {
        a.stop();
        assertTrue(waitFor(() -> spread(4).equals(Map.of("b", 4)), 2000), "a is out");
        a.restart();
        // passing checks bring it back at once; if requests ejected it first, the ejection (1000 ms) runs out
        assertTrue(waitFor(() -> spread(2).containsKey("a"), 3000), "a is back on its port");
    }

    @Test
    void withNoHealthyUpstreamTheProxyAnswers503NoHealthyUpstream() throws InterruptedException {
        healthA.set(500);
        healthB.set(404);
        assertTrue(waitFor(() -> spread(1).containsKey("503 ERR13011"), 2000), "both out");
        HttpResponse<String> r = proxy.get("/work/none");
        String description = ErrorJson.assertError(r, 503, "ERR13011");
        assertTrue(description.contains("GET /work/none"), description);
        a.clear();
        b.clear();
        proxy.get("/work/none-again");
        assertEquals(0, a.received("/work").size() + b.received("/work").size(), "nothing is forwarded");

        healthB.set(200);
        assertTrue(waitFor(() -> spread(1).containsKey("b"), 2000), "b is back");
        assertEquals(Map.of("b", 6), spread(6));
    }
}
