package io.lumen.proxy;

import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** roundRobin spreads requests evenly; leastOutstanding keeps new requests away from a busy upstream. */
class LoadBalancingTest {

    @Test
    void roundRobinSpreadsSequentialRequestsEvenly(@TempDir Path dir) {
        try (Backend a = Backend.http("a").start(); Backend b = Backend.http("b").start(); Backend c = Backend.http("c").start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(a.url(), b.url(), c.url()).start()) {
            List<String> order = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                HttpResponse<String> r = p.get("/rr/" + i);
                assertEquals(200, r.statusCode());
                order.add(r.headers().firstValue("X-Backend").orElseThrow());
            }
            assertEquals(100, a.count());
            assertEquals(100, b.count());
            assertEquals(100, c.count());
            for (int i = 3; i < order.size(); i++) {
                assertEquals(order.get(i - 3), order.get(i), "a strict rotation: " + order.subList(0, 12));
            }
        }
    }

    @Test
    void roundRobinIsTheDefaultAndAcceptsItsSpellings(@TempDir Path dir) throws Exception {
        for (String name : new String[] {"round-robin", "ROUND_ROBIN"}) {
            try (Backend a = Backend.http("a").start(); Backend b = Backend.http("b").start();
                 ProxyUnderTest p = ProxyUnderTest.in(Files.createDirectories(dir.resolve(name)))
                         .hosts(a.url(), b.url()).value("proxy.loadBalancing", name).start()) {
                for (int i = 0; i < 10; i++) {
                    assertEquals(200, p.get("/x").statusCode());
                }
                assertEquals(5, a.count(), name);
                assertEquals(5, b.count(), name);
            }
        }
    }

    @Test
    void roundRobinSharesEvenlyAmongTheUpstreamsLeftWhenOneIsOut(@TempDir Path dir) throws Exception {
        AtomicInteger health = new AtomicInteger(200);
        try (Backend a = Backend.http("a").respond("/health", (ex, r) -> {
                 ex.setStatusCode(health.get());
                 ex.endExchange();
             }).start();
             Backend b = Backend.http("b").start(); Backend c = Backend.http("c").start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(a.url(), b.url(), c.url())
                     .value("proxy.healthCheck.enabled", true).value("proxy.healthCheck.interval", 50).start()) {
            health.set(503);
            // out when three probes in a row (one round of round robin) miss it
            Await.until(() -> IntStream.range(0, 3).noneMatch(i -> "a".equals(p.get("/probe").headers().firstValue("X-Backend").orElse(null))),
                    Duration.ofSeconds(30), "the failing checks took a out");
            for (Backend x : new Backend[] {a, b, c}) {
                x.clear();
            }
            Map<String, Integer> by = new HashMap<>();
            for (int i = 0; i < 60; i++) {
                by.merge(p.get("/rr/" + i).headers().firstValue("X-Backend").orElseThrow(), 1, Integer::sum);
            }
            assertEquals(Map.of("b", 30, "c", 30), by, "a is out; b and c take turns");
        }
    }

    @Test
    void leastOutstandingSendsNewRequestsAwayFromAnUpstreamHoldingSlowOnes(@TempDir Path dir) throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Backend.Responder hold = (ex, r) -> {
            release.await(15, TimeUnit.SECONDS);
            ex.getResponseSender().send("held");
        };
        try (Backend a = Backend.http("a").respond("/hold", hold).start();
             Backend b = Backend.http("b").start(); Backend c = Backend.http("c").start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(a.url(), b.url(), c.url())
                     .value("proxy.loadBalancing", "leastOutstanding").value("proxy.maxRequestTime", 20000).start()) {
            // park a request on a: send /hold requests until a holds one (those landing on b or c return at once)
            List<CompletableFuture<HttpResponse<String>>> held = new ArrayList<>();
            for (int i = 0; i < 10 && a.inFlight() < 1; i++) {
                CompletableFuture<HttpResponse<String>> f = ProxyUnderTest.HTTP.sendAsync(
                        p.request("/hold/" + i).timeout(Duration.ofSeconds(20)).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
                int inFlight = a.inFlight();
                Await.holdsWithin(() -> f.isDone() || a.inFlight() != inFlight, Duration.ofSeconds(2));
                if (!f.isDone()) {
                    held.add(f);
                }
            }
            assertEquals(1, a.inFlight(), "a holds a request");
            assertEquals(1, held.size());

            Map<String, Integer> by = new HashMap<>();
            for (int i = 0; i < 30; i++) {
                HttpResponse<String> r = p.get("/quick/" + i);
                assertEquals(200, r.statusCode());
                by.merge(r.headers().firstValue("X-Backend").orElseThrow(), 1, Integer::sum);
            }
            assertEquals(0, a.received("/quick").size(), "nothing new went to the busy upstream: " + by);
            assertEquals(Map.of("b", 15, "c", 15), by, "the idle ones share evenly (ties taken in turn)");

            release.countDown();
            for (CompletableFuture<HttpResponse<String>> f : held) {
                HttpResponse<String> r = f.get(10, TimeUnit.SECONDS);
                assertEquals(200, r.statusCode());
                assertEquals("held", r.body());
            }
            // with a idle again it gets its share
            a.clear();
            for (int i = 0; i < 9; i++) {
                p.get("/quick/after/" + i);
            }
            assertTrue(a.count() >= 2, "a is picked again once idle: " + a.count());
        } finally {
            release.countDown();
        }
    }
}
