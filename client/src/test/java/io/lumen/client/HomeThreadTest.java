package io.lumen.client;

import io.lumen.client.pool.PoolStats;
import io.lumen.testkit.core.PerClass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every request to an origin runs on the origin's home IO thread, so the origin's limits hold whoever sends. */
class HomeThreadTest {
    @RegisterExtension
    static final PerClass<TestServer> server = PerClass.of(() -> TestServer.start(true));

    @Test
    void requestsFromManyThreadsShareOneOriginsConnectionLimit() throws Exception {
        try (LumenClient client = LumenClient.builder().maxConnections(2).maxQueue(100).build()) {
            URI slow = server.get().http("/slow?ms=200");
            CountDownLatch go = new CountDownLatch(1);
            List<CompletableFuture<Response>> all = new ArrayList<>();
            List<Thread> senders = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                CompletableFuture<Response> f = new CompletableFuture<>();
                all.add(f);
                Thread t = new Thread(() -> {
                    try {
                        go.await();
                        client.send(Request.get(slow).timeout(Duration.ofSeconds(30)).build()).whenComplete((r, e) -> {
                            if (e != null) {
                                f.completeExceptionally(e);
                            } else {
                                f.complete(r);
                            }
                        });
                    } catch (InterruptedException e) {
                        f.completeExceptionally(e);
                    }
                });
                t.start();
                senders.add(t);
            }
            go.countDown();
            for (CompletableFuture<Response> f : all) {
                assertEquals(200, f.get(20, TimeUnit.SECONDS).status());
            }
            for (Thread t : senders) {
                t.join();
            }
            PoolStats s = client.stats(slow);
            assertEquals(2, s.opened(), "twenty senders, one origin of two connections: " + s);
        }
    }

    @Test
    void aQueuedRequestThatTimesOutLeavesTheQueueAtOnce() throws Exception {
        try (LumenClient client = LumenClient.builder().maxConnections(1).maxQueue(1).maxRetries(0).build()) {
            CompletableFuture<Response> holding = client.send(Request.get(server.get().http("/slow?ms=1500")).build());
            PoolTest.await(client, server.get().http("/"), p -> p.inFlight() == 1);
            ClientException late = FailuresTest.failure(client.send(Request.get(server.get().http("/get?name=late"))
                    .timeout(Duration.ofMillis(200)).build()));
            assertEquals(ClientException.TIMEOUT, late.code(), late.getMessage());
            PoolStats s = client.stats(server.get().http("/"));
            assertEquals(0, s.pending(), "the timed-out request is out of the queue: " + s);
            // the queue's one place is free again: the next request waits for the connection, not ERR19023
            Response next = client.send(Request.get(server.get().http("/get?name=next")).timeout(Duration.ofSeconds(20))
                    .build()).get(20, TimeUnit.SECONDS);
            assertEquals("Hello next", next.bodyString());
            assertEquals(200, holding.get(20, TimeUnit.SECONDS).status());
            assertTrue(client.stats(server.get().http("/")).opened() == 1, client.stats(server.get().http("/")).toString());
        }
    }

    @Test
    void requestsInFlightOrQueuedWhenTheClientClosesFailInsteadOfHanging() throws Exception {
        LumenClient client = LumenClient.builder().maxConnections(1).maxQueue(5).maxRetries(0).timeout(60_000).build();
        CompletableFuture<Response> inFlight = client.send(Request.get(server.get().http("/slow?ms=5000")).build());
        CompletableFuture<Response> queued = client.send(Request.get(server.get().http("/get?name=queued")).build());
        PoolTest.await(client, server.get().http("/"), p -> p.inFlight() == 1 && p.pending() == 1);
        client.close();
        assertEquals(ClientException.CONNECTION_CLOSED, FailuresTest.failure(queued).code());
        assertEquals(ClientException.CONNECTION_CLOSED, FailuresTest.failure(inFlight).code());
    }
}
