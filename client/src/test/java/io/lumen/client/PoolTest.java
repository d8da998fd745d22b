package io.lumen.client;

import io.lumen.client.pool.PoolStats;
import io.lumen.testkit.core.Await;
import io.lumen.testkit.core.PerClass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PoolTest {
    @RegisterExtension
    static final PerClass<TestServer> server = PerClass.of(() -> TestServer.start(true));

    /** Polls the pool until {@code ok} holds (at most 5 s) and returns that snapshot; fails with the last one. */
    static PoolStats await(LumenClient client, URI origin, Predicate<PoolStats> ok) {
        return Await.until(() -> client.stats(origin), ok, Duration.ofSeconds(5), "pool stats of " + origin);
    }

    static List<CompletableFuture<Response>> sendAll(LumenClient client, URI uri, int n) {
        List<CompletableFuture<Response>> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            all.add(client.send(Request.get(uri).build()));
        }
        return all;
    }

    static void assertAllOk(List<CompletableFuture<Response>> all) throws Exception {
        for (CompletableFuture<Response> f : all) {
            Response r = f.get(10, TimeUnit.SECONDS);
            assertEquals(200, r.status());
        }
    }

    @Test
    void http11LendsEachConnectionToOneRequestAndQueuesTheRestUpToTheBound() throws Exception {
        try (LumenClient client = LumenClient.builder().maxConnections(2).maxQueue(2).maxRetries(0).build()) {
            URI slow = server.get().http("/slow?ms=500");
            List<CompletableFuture<Response>> four = sendAll(client, slow, 4);
            PoolStats s = await(client, slow, p -> p.inFlight() == 2 && p.pending() == 2);
            assertEquals(2, s.open(), s.toString());
            assertEquals(2, s.busy(), s.toString());
            assertEquals(2, s.pending(), s.toString());
            ClientException full = FailuresTest.failure(client.send(Request.get(slow).build()));
            assertEquals(ClientException.POOL_EXHAUSTED, full.code());
            assertEquals(503, full.status().statusCode());
            assertTrue(full.getMessage().contains("wait queue of 2 is full"), full.getMessage());
            assertAllOk(four);
            s = await(client, slow, p -> p.idle() == 2);
            assertEquals(new PoolStats(2, 2, 0, 0, 0, 0, 0, 2, 0), s);
        }
    }

    @Test
    void http2SharesAConnectionUpToTheServersMaxConcurrentStreams() throws Exception {
        try (TestServer limited = TestServer.start(true, 3, "127.0.0.1", false);
             LumenClient client = ProtocolsTest.trusting().build()) {
            client.send(Request.get(limited.https("/get")).build()).get(5, TimeUnit.SECONDS); // SETTINGS known
            List<CompletableFuture<Response>> seven = sendAll(client, limited.https("/slow?ms=300"), 7);
            assertAllOk(seven);
            PoolStats s = client.stats(limited.https("/"));
            assertEquals(3, s.opened(), "7 streams at 3 per connection need 3 connections: " + s);
            assertEquals(0, s.inFlight(), s.toString());
        }
    }

    @Test
    void http2OpensOneConnectionForManyConcurrentStreams() throws Exception {
        try (LumenClient client = ProtocolsTest.trusting().build()) {
            client.send(Request.get(server.get().https("/get")).build()).get(5, TimeUnit.SECONDS);
            List<CompletableFuture<Response>> many = sendAll(client, server.get().https("/slow?ms=200"), 50);
            PoolStats busy = await(client, server.get().https("/"), p -> p.inFlight() == 50);
            assertEquals(1, busy.open(), busy.toString());
            assertAllOk(many);
            assertEquals(1, client.stats(server.get().https("/")).opened());
        }
    }

    @Test
    void idleExpiryNeverClosesAConnectionWithARequestInFlight() throws Exception {
        try (LumenClient client = LumenClient.builder().idleTimeout(100).build()) {
            URI slow = server.get().http("/slow?ms=700");
            CompletableFuture<Response> f = client.send(Request.get(slow).build());
            assertEquals(200, f.get(5, TimeUnit.SECONDS).status());
            PoolStats s = client.stats(slow);
            assertEquals(1, s.opened(), s.toString());
            assertEquals(0, s.closed(), "the busy connection outlived several idle sweeps: " + s);
            s = await(client, slow, p -> p.open() == 0);
            assertEquals(1, s.closed(), "then, idle, it expires: " + s);
        }
    }

    @Test
    void anExpiredHttp2ConnectionFinishesItsStreamsBeforeClosing() throws Exception {
        try (LumenClient client = ProtocolsTest.trusting().connectionExpireTime(100).build()) {
            List<CompletableFuture<Response>> three = sendAll(client, server.get().https("/slow?ms=600"), 3);
            assertAllOk(three);
            PoolStats s = await(client, server.get().https("/"), p -> p.open() == 0);
            assertEquals(0, s.open(), s.toString());
            assertEquals(s.opened(), s.closed(), s.toString());
        }
    }
}
