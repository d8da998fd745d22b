package io.lumen.service.reload;

import io.lumen.handler.testing.TestService;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reloads while clients keep sending requests (HTTP/1.1 keep-alive and HTTP/2 cleartext): not one
 * request fails, readiness never leaves READY, every request is served by a complete generation,
 * and every replaced generation's shared object is closed, never before its requests ended
 * ({@link Greeting} answers 500 if it is).
 */
class ReloadUnderLoadTest {
    private static final int CLIENTS = 4;
    private static final int RELOADS = 8;

    @TempDir
    Path dir;
    TestService svc;

    @AfterEach
    void stop() {
        if (svc != null) {
            svc.close();
        }
    }

    @Test
    void noRequestFailsDuringRepeatedReloads() throws Exception {
        Tracked.ALL.clear();
        svc = TestService.in(dir)
                .file("handler.yml", ReloadTest.HANDLER_V1)
                .file("greeting.yml", "message: v1\n")
                .file("header.yml", "response: {update: {X-Version: v1}}\n")
                .start();
        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger requests = new AtomicInteger();
        List<String> failures = new CopyOnWriteArrayList<>();
        Set<String> seen = ConcurrentHashMap.newKeySet();
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        List<Future<?>> loops = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            HttpClient.Version version = c % 2 == 0 ? HttpClient.Version.HTTP_1_1 : HttpClient.Version.HTTP_2;
            loops.add(pool.submit(() -> {
                HttpClient client = HttpClient.newBuilder().version(version).connectTimeout(Duration.ofSeconds(5)).build();
                int i = 0;
                while (!done.get()) {
                    String path = switch (i++ % 4) {
                        case 0 -> "/health/readiness";
                        case 1 -> "/greeting?delay=20"; // in flight across a swap now and then
                        default -> "/greeting";
                    };
                    try {
                        HttpResponse<String> r = client.send(svc.request(path).build(), HttpResponse.BodyHandlers.ofString());
                        requests.incrementAndGet();
                        if (r.statusCode() != 200) {
                            failures.add(path + " " + r.statusCode() + " " + r.body());
                        } else if (path.startsWith("/greeting")) {
                            String header = r.headers().firstValue("X-Version").orElse("none");
                            if (!header.equals(r.body())) { // the chain and the handler of one generation
                                failures.add("mixed generations: header " + header + ", body " + r.body());
                            }
                            seen.add(r.body());
                        }
                    } catch (Exception e) {
                        failures.add(path + " " + e);
                    }
                }
                return null;
            }));
        }
        try {
            Await.until(() -> requests.get() > 100, Duration.ofSeconds(20), "clients running");
            for (int n = 2; n <= RELOADS + 1; n++) {
                String v = "v" + n;
                svc.file("greeting.yml", "message: " + v + "\n").file("header.yml", "response: {update: {X-Version: " + v + "}}\n");
                int before = requests.get();
                HttpResponse<String> r = svc.send(svc.request("/adm/reload").POST(HttpRequest.BodyPublishers.noBody()).build());
                assertEquals(200, r.statusCode(), r.body());
                Await.until(() -> seen.contains(v) && requests.get() > before + 50, Duration.ofSeconds(20), "traffic on generation " + v);
            }
        } finally {
            done.set(true);
            for (Future<?> f : loops) {
                f.get(30, TimeUnit.SECONDS);
            }
            pool.shutdown();
        }
        assertEquals(List.of(), failures, "failed requests out of " + requests.get());
        assertEquals(RELOADS + 1, svc.service().generation());
        assertEquals(RELOADS + 1, seen.size(), seen.toString());
        Await.until(() -> Tracked.ALL.stream().filter(Tracked::isClosed).count() == RELOADS, Duration.ofSeconds(20),
                "every replaced generation closed: " + Tracked.ALL);
        assertTrue(!Tracked.ALL.get(RELOADS).isClosed(), "the serving generation stays open");
    }
}
