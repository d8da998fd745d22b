package io.lumen.proxy;

import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ErrorJson;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.undertow.util.HttpString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static io.lumen.testkit.core.Await.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the proxy sends again: a request refused unprocessed by a draining upstream (503 with
 * {@code Lumen-Unprocessed}) goes to another upstream whatever its method, body included; a plain
 * 503 is the upstream's answer and is passed on; and a real Lumen service stopping behind the proxy
 * under load costs no request.
 */
class DrainRetryTest {
    private static final HttpString UNPROCESSED = new HttpString("Lumen-Unprocessed");
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private <T extends AutoCloseable> T keep(T t) {
        open.add(t);
        return t;
    }

    private static Backend.Responder refusing() {
        return (ex, r) -> {
            ex.setStatusCode(503);
            ex.getResponseHeaders().put(UNPROCESSED, "draining");
            ex.setPersistent(false);
            ex.getResponseSender().send("{\"code\":\"ERR19000\"}");
        };
    }

    private static HttpRequest post(ProxyUnderTest p, String body) {
        return p.request("/pets").POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json").build();
    }

    @Test
    void aRefusedPostGoesToAnotherUpstreamWithItsBodyAndTheRefusingOneIsLeftAlone(@TempDir Path dir) {
        Backend draining = keep(Backend.http("draining").respond("/", refusing()).start());
        Backend ok = keep(Backend.http("ok").start());
        ProxyUnderTest p = keep(ProxyUnderTest.in(dir).hosts(draining.url(), ok.url())
                .value("proxy.ejection.ejectTime", 60_000).start());
        for (int i = 0; i < 6; i++) {
            HttpResponse<String> r = p.send(post(p, "{\"name\":\"pet" + i + "\"}"));
            assertEquals(200, r.statusCode(), r.body());
            assertEquals("hello from ok", r.body());
            assertEquals("{\"name\":\"pet" + i + "\"}", ok.last().bodyText(), "the body was sent again intact");
        }
        assertEquals(1, draining.count(), "once it said it drains, it got nothing new");
        assertEquals(6, ok.count());
    }

    @Test
    void aChunkedBodyIsReplayedToo(@TempDir Path dir) {
        Backend draining = keep(Backend.http("draining").respond("/", refusing()).start());
        Backend ok = keep(Backend.http("ok").start());
        ProxyUnderTest p = keep(ProxyUnderTest.in(dir).hosts(draining.url(), ok.url()).start());
        byte[] body = new byte[20_000];
        Arrays.fill(body, (byte) 'x');
        HttpResponse<String> r = p.send(p.request("/upload").POST(HttpRequest.BodyPublishers.ofInputStream(
                () -> new ByteArrayInputStream(body))).build());
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(20_000, ok.last().body().length);
    }

    @Test
    void aBodyLongerThanMaxReplayBodyIsNotSentTwice(@TempDir Path dir) {
        Backend draining = keep(Backend.http("draining").respond("/", refusing()).start());
        Backend ok = keep(Backend.http("ok").start());
        ProxyUnderTest p = keep(ProxyUnderTest.in(dir).hosts(draining.url(), ok.url())
                .value("proxy.maxReplayBody", 16).start());
        HttpResponse<String> r = p.send(post(p, "{\"name\":\"a name longer than sixteen bytes\"}"));
        ErrorJson.assertError(r, 503, "ERR19031");
        assertEquals(1, draining.count());
        assertEquals(0, ok.count(), "a body not kept is never sent elsewhere");
    }

    @Test
    void aReplayedRequestsTimeoutStartsOnceTheCopyIsFullySent(@TempDir Path dir) {
        Backend draining = keep(Backend.http("draining").respond("/", refusing()).start());
        Backend slow = keep(Backend.http("slow").respond("/", Backend.slow(3000, () -> "late")).start());
        ProxyUnderTest p = keep(ProxyUnderTest.in(dir).hosts(draining.url(), slow.url())
                .value("proxy.maxRequestTime", 400).value("proxy.streamIdleTimeout", 60_000)
                .value("proxy.ejection.ejectTime", 60_000).start());
        HttpResponse<String> r = p.send(post(p, "{\"name\":\"slowpoke\"}"));
        ErrorJson.assertError(r, 504, "ERR19032"); // maxRequestTime, not the upstream's late 200 nor the idle timeout
        assertEquals(1, draining.count(), "the request was refused first, then replayed");
        assertEquals("{\"name\":\"slowpoke\"}", slow.last().bodyText());
    }

    @Test
    void refusalsDoNotSpendTheRetryBudget(@TempDir Path dir) {
        Backend draining = keep(Backend.http("draining").respond("/", refusing()).start());
        Backend ok = keep(Backend.http("ok").start());
        ProxyUnderTest p = keep(ProxyUnderTest.in(dir).hosts(draining.url(), ok.url())
                .value("proxy.retryBudget.percent", 0).value("proxy.retryBudget.minPerSecond", 0)
                .value("proxy.ejection.ejectTime", 1).start());
        for (int i = 0; i < 4; i++) {
            HttpResponse<String> r = p.send(post(p, "{\"n\":" + i + "}"));
            assertEquals(200, r.statusCode(), r.body());
        }
        assertTrue(draining.count() >= 1, "the draining upstream refused at least one");
    }

    @Test
    void aPlain503IsTheUpstreamsAnswerAndIsNotSentAgain(@TempDir Path dir) {
        Backend busy = keep(Backend.http("busy").respond("/", (ex, r) -> {
            ex.setStatusCode(503);
            ex.getResponseSender().send("busy");
        }).start());
        Backend ok = keep(Backend.http("ok").start());
        ProxyUnderTest p = keep(ProxyUnderTest.in(dir).hosts(busy.url(), ok.url()).start());
        HttpResponse<String> r = p.send(post(p, "{}"));
        assertEquals(503, r.statusCode());
        assertEquals("busy", r.body());
        assertEquals(0, ok.count(), "a 503 without the mark may have been processed: a POST is not repeated");
    }

    @Test
    void withNoOtherUpstreamARefusalIs503NoHealthyUpstream(@TempDir Path dir) {
        Backend draining = keep(Backend.http("draining").respond("/", refusing()).start());
        ProxyUnderTest p = keep(ProxyUnderTest.in(dir).hosts(draining.url()).start());
        ErrorJson.assertError(p.get("/pets"), 503, "ERR19031");
    }

    @Test
    void connectionCloseFromTheUpstreamRetiresTheConnection(@TempDir Path dir) {
        Backend closing = keep(Backend.http("closing").respond("/", (ex, r) -> {
            ex.setPersistent(false); // Connection: close
            ex.getResponseSender().send("bye");
        }).start());
        ProxyUnderTest p = keep(ProxyUnderTest.in(dir).hosts(closing.url()).start());
        for (int i = 0; i < 10; i++) {
            HttpResponse<String> r = p.send(post(p, "{\"n\":" + i + "}"));
            assertEquals(200, r.statusCode(), r.body());
        }
        assertEquals(10, closing.count());
        assertEquals(10, closing.connectionsSeen(), "each request on a new connection");
    }

    /**
     * Two Lumen services (here: Lumen proxies in front of one backend) behind the proxy under test;
     * one is stopped while a slow request runs on it and requests keep coming: the slow one
     * finishes, the others are refused unprocessed and go to the other service. Nothing fails.
     */
    @Test
    void aLumenServiceStoppingUnderLoadCostsNoRequest(@TempDir Path dir) throws Exception {
        Backend x = keep(Backend.http("x").respond("/slow", Backend.slow(800, () -> "slow")).start());
        ProxyUnderTest l1 = keep(ProxyUnderTest.in(Files.createDirectory(dir.resolve("l1"))).hosts(x.url())
                .value("server.shutdownGracefulPeriod", 5000).start());
        ProxyUnderTest l2 = keep(ProxyUnderTest.in(Files.createDirectory(dir.resolve("l2"))).hosts(x.url()).start());
        ProxyUnderTest p = keep(ProxyUnderTest.in(Files.createDirectory(dir.resolve("p")))
                .hosts("http://127.0.0.1:" + l1.port(), "http://127.0.0.1:" + l2.port()).start());

        CompletableFuture<HttpResponse<String>> slow1 = CompletableFuture.supplyAsync(() -> p.get("/slow"));
        CompletableFuture<HttpResponse<String>> slow2 = CompletableFuture.supplyAsync(() -> p.get("/slow"));
        until(() -> x.inFlight() == 2); // one on each service

        AtomicBoolean stopping = new AtomicBoolean(true);
        CompletableFuture<Void> stop = CompletableFuture.runAsync(() -> {
            l1.close();
            stopping.set(false);
        });
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicInteger sent = new AtomicInteger();
        List<CompletableFuture<Void>> load = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int id = t;
            load.add(CompletableFuture.runAsync(() -> {
                for (int i = 0; i < 2000 && (stopping.get() || i < 20); i++) {
                    HttpResponse<String> r = id % 2 == 0 ? p.get("/pets/" + i) : p.send(post(p, "{\"i\":" + i + "}"));
                    sent.incrementAndGet();
                    if (r.statusCode() != 200) {
                        failures.add(r.statusCode() + " " + r.body());
                    }
                }
            }));
        }
        stop.get(TimeUnit.SECONDS.toMillis(20), TimeUnit.MILLISECONDS);
        CompletableFuture.allOf(load.toArray(CompletableFuture[]::new)).join();
        assertEquals(List.of(), List.copyOf(failures), "requests failed while a service stopped");
        assertEquals(200, slow1.join().statusCode(), "the request in flight on the stopping service finished");
        assertEquals(200, slow2.join().statusCode());
        assertTrue(sent.get() > 0);
    }
}
