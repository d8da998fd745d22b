package io.lumen.proxy;

import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ErrorJson;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.testkit.core.Await;
import io.lumen.testkit.core.Pace;
import io.undertow.server.HttpServerExchange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Active health checks ({@code healthCheck} in proxy.yml, every 100 ms here): an upstream whose
 * check fails twice gets no traffic, one that passes again gets it back, and with none healthy
 * the proxy answers 503 ERR19031.
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
                Pace.slowBackend(Duration.ofMillis(delay.get()));
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

    @Test
    void theChecksRunOnEveryUpstreamAtTheInterval() {
        // about 10 checks a second (between 5 and 13): the next 10 on each upstream take at most 2 s
        // and at least ~0.7 s, measured from now instead of counted after a fixed second
        long start = System.nanoTime();
        int checksA = a.received("/health").size();
        int checksB = b.received("/health").size();
        Await.until(() -> a.received("/health").size() >= checksA + 10 && b.received("/health").size() >= checksB + 10,
                Duration.ofSeconds(30), "10 more checks on each upstream within 2 s (at least 5 a second)");
        long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(took >= 690, "at most ~13 checks a second: 10 checks on each upstream took " + took + " ms");
        assertEquals("GET", a.received("/health").get(0).method());
    }

    @Test
    void anUpstreamFailingItsChecksGetsNoTrafficUntilItPassesAgain() {
        assertEquals(Map.of("a", 10, "b", 10), spread(20), "both healthy: round robin");

        healthA.set(503);
        int checksBefore = a.received("/health").size();
        Await.until(() -> a.received("/health").size() >= checksBefore + 3, Duration.ofSeconds(30), "checks go on");
        Await.until(() -> spread(4).equals(Map.of("b", 4)), Duration.ofSeconds(30), "the failed checks took a out");
        a.clear();
        assertEquals(Map.of("b", 20), spread(20), "a is out");
        assertEquals(0, a.received("/work").size());

        healthA.set(200);
        long back = System.nanoTime();
        Await.until(() -> spread(2).containsKey("a"), Duration.ofSeconds(30), "a gets traffic again once it passes");
        long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - back);
        assertTrue(took < 1000, "one passed check (healthyThreshold 1) at 100 ms intervals brings it back: " + took + " ms");
        assertEquals(Map.of("a", 10, "b", 10), spread(20));
    }

    @Test
    void aCheckSlowerThanItsTimeoutFails() {
        delayA.set(1000); // timeout 300 ms
        Await.until(() -> spread(4).equals(Map.of("b", 4)), Duration.ofSeconds(30), "a is out");
        delayA.set(0);
        Await.until(() -> spread(2).containsKey("a"), Duration.ofSeconds(30), "a is back");
    }

    @Test
    void anUpstreamThatStopsListeningFailsItsChecks() {
        a.stop();
        Await.until(() -> spread(4).equals(Map.of("b", 4)), Duration.ofSeconds(30), "a is out");
        a.restart();
        // passing checks bring it back at once; if requests ejected it first, the ejection (1000 ms) runs out
        Await.until(() -> spread(2).containsKey("a"), Duration.ofSeconds(30), "a is back on its port");
    }

    @Test
    void withNoHealthyUpstreamTheProxyAnswers503NoHealthyUpstream() {
        healthA.set(500);
        healthB.set(404);
        Await.until(() -> spread(1).containsKey("503 ERR19031"), Duration.ofSeconds(30), "both out");
        HttpResponse<String> r = proxy.get("/work/none");
        String description = ErrorJson.assertError(r, 503, "ERR19031");
        assertTrue(description.contains("GET /work/none"), description);
        a.clear();
        b.clear();
        proxy.get("/work/none-again");
        assertEquals(0, a.received("/work").size() + b.received("/work").size(), "nothing is forwarded");

        healthB.set(200);
        Await.until(() -> spread(1).containsKey("b"), Duration.ofSeconds(30), "b is back");
        assertEquals(Map.of("b", 6), spread(6));
    }
}
