package io.lumen.client;

import io.lumen.client.pool.PoolStats;
import io.lumen.testkit.core.PerClass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static io.lumen.testkit.core.Await.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FailuresTest {
    @RegisterExtension
    static final PerClass<TestServer> server = PerClass.of(() -> TestServer.start(true));

    /** The ClientException a failed future carries. */
    static ClientException failure(CompletableFuture<Response> f) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
        return assertInstanceOf(ClientException.class, e.getCause());
    }

    static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void aServerThatIsDownFailsFastWithConnectFailed() throws Exception {
        // connect and request timeouts far beyond failure()'s 10 s wait: a refused connect that
        // waited for either would fail the test, however loaded the machine
        try (LumenClient client = LumenClient.builder().maxRetries(1).connectTimeout(60_000).timeout(120_000).build()) {
            URI down = URI.create("http://127.0.0.1:" + freePort() + "/get");
            ClientException e = failure(client.send(Request.post(down).body("x").build()));
            assertEquals(ClientException.CONNECT_FAILED, e.code());
            assertEquals(502, e.status().statusCode());
            assertTrue(e.notSent());
            assertTrue(e.getMessage().contains("127.0.0.1"), e.getMessage());
            until(() -> client.stats(down), s -> s.open() + s.connecting() + s.pending() + s.inFlight() == 0,
                    Duration.ofSeconds(10), "nothing left in the pool");
        }
    }

    @Test
    void aServerClosingMidResponseFailsWithConnectionClosed() throws Exception {
        for (boolean h2c : new boolean[] {false, true}) {
            try (LumenClient client = LumenClient.builder().h2c(h2c).maxRetries(0).build()) {
                ClientException e = failure(client.send(Request.get(server.get().http("/half")).build()));
                assertEquals(ClientException.CONNECTION_CLOSED, e.code(), "h2c=" + h2c + ": " + e.getMessage());
                assertEquals("Hello ok", client.send(Request.get(server.get().http("/get?name=ok")).build())
                        .get(5, TimeUnit.SECONDS).bodyString(), "h2c=" + h2c + ": a new connection replaces the dead one");
            }
        }
    }

    @Test
    void slowHttp11ServerTimesOutThenTheConnectionIsReplaced() throws Exception {
        try (LumenClient client = LumenClient.builder().build()) {
            URI slow = server.get().http("/slow?ms=2000");
            client.send(Request.get(server.get().http("/get")).build()).get(5, TimeUnit.SECONDS); // connected and warm
            ClientException e = failure(client.send(Request.get(slow).timeout(Duration.ofMillis(200)).build()));
            assertEquals(ClientException.TIMEOUT, e.code());
            assertEquals(504, e.status().statusCode());
            Response ok = client.send(Request.get(server.get().http("/get?name=again")).build()).get(5, TimeUnit.SECONDS);
            assertEquals("Hello again", ok.bodyString());
            PoolStats s = until(() -> client.stats(slow), st -> st.closed() == 1 && st.inFlight() == 0,
                    Duration.ofSeconds(10), "the timed-out connection's close was counted");
            assertEquals(2, s.opened(), "the timed-out HTTP/1.1 connection was closed and replaced: " + s);
            assertEquals(1, s.open(), s.toString());
        }
    }

    @Test
    void slowHttp2ServerTimesOutByStreamResetAndTheConnectionStaysInUse() throws Exception {
        try (LumenClient client = ProtocolsTest.trusting().build()) {
            client.send(Request.get(server.get().https("/get")).build()).get(5, TimeUnit.SECONDS);
            ClientException e = failure(client.send(Request.get(server.get().https("/slow?ms=2000"))
                    .timeout(Duration.ofMillis(200)).build()));
            assertEquals(ClientException.TIMEOUT, e.code());
            Response ok = client.send(Request.get(server.get().https("/get?name=again")).build()).get(5, TimeUnit.SECONDS);
            assertEquals("Hello again", ok.bodyString());
            PoolStats s = until(() -> client.stats(server.get().https("/")), st -> st.inFlight() == 0,
                    Duration.ofSeconds(10), "no request in flight");
            assertEquals(1, s.opened(), "the stream was reset, the connection kept: " + s);
            assertEquals(0, s.closed(), s.toString());
        }
    }

    @Test
    void idempotentRequestsAreRetriedAndPostsAreNot() throws Exception {
        try (LumenClient client = LumenClient.builder().maxRetries(2).breaker(100, 1000).build()) {
            int before = server.get().hits.get();
            ClientException get = failure(client.send(Request.get(server.get().http("/drop")).build()));
            assertEquals(ClientException.CONNECTION_CLOSED, get.code());
            assertEquals(3, server.get().hits.get() - before, "GET: one attempt and two retries");
            before = server.get().hits.get();
            ClientException post = failure(client.send(Request.post(server.get().http("/drop")).body("x").build()));
            assertEquals(ClientException.CONNECTION_CLOSED, post.code());
            assertEquals(1, server.get().hits.get() - before, "POST reached the server: never repeated");
        }
    }

    @Test
    void theClientWaitsForNothingAfterClose() throws Exception {
        LumenClient client = LumenClient.builder().build();
        client.send(Request.get(server.get().http("/get")).build()).get(5, TimeUnit.SECONDS);
        client.close();
        assertEquals(ClientException.CONNECTION_CLOSED,
                failure(client.send(Request.get(server.get().http("/get")).build())).code());
    }
}
