package io.lumen.proxy;

import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.service.reload.ReloadReport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A configuration reload that changes proxy.yml's upstreams: new requests go to the new upstream,
 * a request already forwarded finishes through the old generation's connection pool.
 */
class ProxyReloadTest {
    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private Backend a;
    private Backend b;
    private ProxyUnderTest proxy;

    @AfterEach
    void stop() {
        release.countDown();
        if (proxy != null) {
            proxy.close();
        }
        a.close();
        b.close();
    }

    @Test
    void newUpstreamsServeNewRequestsWhileTheOldPoolFinishesItsRequest(@TempDir Path dir) throws Exception {
        a = Backend.http("a").respond("/slow", (ex, r) -> {
            entered.countDown();
            release.await(10, TimeUnit.SECONDS);
            ex.getResponseSender().send("slow from a");
        }).start();
        b = Backend.http("b").start();
        proxy = ProxyUnderTest.in(dir).file("values.yml", "proxy.hosts: " + a.url() + "\n").start();
        assertEquals("a", proxy.get("/x").headers().firstValue("X-Backend").orElseThrow());
        CompletableFuture<HttpResponse<String>> slow = ProxyUnderTest.HTTP.sendAsync(proxy.request("/slow").build(),
                HttpResponse.BodyHandlers.ofString());
        assertTrue(entered.await(10, TimeUnit.SECONDS));

        Files.writeString(dir.resolve("values.yml"), "proxy.hosts: " + b.url() + "\n");
        ReloadReport report = proxy.service().reload();
        assertTrue(report.filesChanged().stream().anyMatch(f -> f.endsWith("values.yml")), report.toString());
        for (int i = 0; i < 5; i++) {
            assertEquals("b", proxy.get("/x" + i).headers().firstValue("X-Backend").orElseThrow());
        }
        release.countDown();
        HttpResponse<String> r = slow.get(10, TimeUnit.SECONDS);
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("slow from a", r.body());
    }
}
