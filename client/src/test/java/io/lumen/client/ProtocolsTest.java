package io.lumen.client;

import io.lumen.client.pool.PooledConnection;
import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.testkit.core.PerClass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.xnio.XnioIoThread;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ProtocolsTest {
    @RegisterExtension
    static final PerClass<TestServer> h2Server = PerClass.of(() -> TestServer.start(true));
    @RegisterExtension
    static final PerClass<TestServer> h1OnlyServer = PerClass.of(() -> TestServer.start(false));

    static Response send(LumenClient client, Request r) throws Exception {
        return client.send(r).get(30, TimeUnit.SECONDS); // a loaded machine's first TLS handshake is slow
    }

    static LumenClientBuilder trusting() {
        return LumenClient.builder().trustStore(TestServer.store("client-trust.p12"));
    }

    record Pet(int id, String name) { }

    @Test
    void http11GetAndPostReuseOneKeepAliveConnection() throws Exception {
        try (LumenClient client = LumenClient.builder().build()) {
            for (int i = 0; i < 5; i++) {
                Response get = send(client, Request.get(h2Server.get().http("/get?name=Steve")).build());
                assertEquals(200, get.status());
                assertEquals("Hello Steve", get.bodyString());
                assertEquals("HTTP/1.1", get.protocol());
                Response post = send(client, Request.post(h2Server.get().http("/post")).body("Steve").build());
                assertEquals("Hello Steve", post.bodyString());
            }
            assertEquals(1, client.stats().opened(), "one keep-alive connection for sequential requests");
        }
    }

    @Test
    void h2cWithPriorKnowledgeWhenConfigured() throws Exception {
        try (LumenClient client = LumenClient.builder().h2c(true).build()) {
            Response r = send(client, Request.get(h2Server.get().http("/get?name=h2c")).build());
            assertEquals("HTTP/2.0", r.protocol());
            assertEquals("Hello h2c", r.bodyString());
            Response p = send(client, Request.post(h2Server.get().http("/post")).body("Steve").build());
            assertEquals("Hello Steve", p.bodyString());
        }
    }

    @Test
    void http2OverTlsByAlpn() throws Exception {
        try (LumenClient client = trusting().build()) {
            Response r = send(client, Request.get(h2Server.get().https("/get?name=Steve")).build());
            assertEquals("HTTP/2.0", r.protocol());
            assertEquals("Hello Steve", r.bodyString());
            Response p = send(client, Request.post(h2Server.get().https("/post")).body("Steve").build());
            assertEquals("Hello Steve", p.bodyString());
            assertEquals("HTTP/2.0", p.protocol());
        }
    }

    /**
     * Requests sent from a response callback run on the connection's IO thread, where HTTP/2
     * frames are batched and flushed every {@link PooledConnection#FLUSH_EVERY} requests and at the end of
     * the IO iteration: a burst several times that size must all reach the server and complete.
     */
    @Test
    void aBurstSentFromAResponseCallbackIsFlushedAndCompletes() throws Exception {
        int burst = PooledConnection.FLUSH_EVERY * 5 + 3;
        try (LumenClient client = trusting().build()) {
            send(client, Request.get(h2Server.get().https("/get?name=warm")).build()); // the connection exists
            List<CompletableFuture<Response>> all = Collections.synchronizedList(new ArrayList<>());
            CompletableFuture<Boolean> sent = new CompletableFuture<>();
            // a slow answer: the callback below is registered in time and runs on the IO thread
            client.send(Request.get(h2Server.get().https("/slow?ms=100")).build()).whenComplete((r, e) -> {
                boolean onIoThread = XnioIoThread.currentThread() != null;
                for (int i = 0; i < burst; i++) {
                    all.add(client.send(i % 2 == 0
                            ? Request.get(h2Server.get().https("/get?name=g" + i)).build()
                            : Request.post(h2Server.get().https("/post")).body("p" + i).build()));
                }
                sent.complete(onIoThread);
            });
            assertEquals(true, sent.get(5, TimeUnit.SECONDS), "the burst was sent from the connection's IO thread");
            assertEquals(burst, all.size());
            for (int i = 0; i < burst; i++) {
                Response r = all.get(i).get(5, TimeUnit.SECONDS);
                assertEquals(200, r.status());
                assertEquals("Hello " + (i % 2 == 0 ? "g" : "p") + i, r.bodyString());
                assertEquals("HTTP/2.0", r.protocol());
            }
            assertEquals(1, client.stats().opened(), "one HTTP/2 connection carried the whole burst");
        }
    }

    @Test
    void alpnFallsBackToHttp11WhenTheServerHasNoHttp2() throws Exception {
        try (LumenClient client = trusting().build()) {
            for (int i = 0; i < 3; i++) {
                Response r = send(client, Request.get(h1OnlyServer.get().https("/get?name=Steve")).build());
                assertEquals("HTTP/1.1", r.protocol());
                assertEquals("Hello Steve", r.bodyString());
            }
            assertEquals(1, client.stats().opened());
        }
    }

    @Test
    void tlsWithHttp2DisabledSpeaksHttp11() throws Exception {
        try (LumenClient client = trusting().enableHttp2(false).build()) {
            for (int i = 0; i < 3; i++) {
                Response r = send(client, Request.post(h2Server.get().https("/post")).body("Steve").build());
                assertEquals("HTTP/1.1", r.protocol());
                assertEquals("Hello Steve", r.bodyString());
            }
        }
    }

    @Test
    void mutualTlsPresentsTheClientKey() throws Exception {
        try (TestServer mtls = TestServer.start(true, -1, "127.0.0.1", true);
             LumenClient client = trusting().keyStore(TestServer.store("client.p12"), "changeit".toCharArray()).build()) {
            Response r = send(client, Request.get(mtls.https("/get?name=mtls")).build());
            assertEquals("Hello mtls", r.bodyString());
        }
    }

    @Test
    void responseBodyAsJsonTreeAndTypedObjectAndHeadersAndStatuses() throws Exception {
        try (LumenClient client = trusting().build()) {
            Response r = send(client, Request.get(h2Server.get().https("/json")).header("Accept", "application/json")
                    .timeout(Duration.ofSeconds(20)).build());
            JsonNode tree = r.json();
            assertEquals("doggy", tree.get("name").asText());
            assertEquals(new Pet(7, "doggy"), r.as(Pet.class));
            assertEquals("application/json", r.header("content-type"));
            Response s = send(client, Request.get(h2Server.get().https("/status?code=503")).build());
            assertEquals(503, s.status(), "an error status is a response, not an exception");
            Response json = send(client, Request.post(h2Server.get().https("/post")).json(Map.of("a", 1)).build());
            assertEquals("Hello {\"a\":1}", json.bodyString());
        }
    }
}
