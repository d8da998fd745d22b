package io.lumen.client;

import io.lumen.testkit.core.PerClass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BreakerTest {
    @RegisterExtension
    static final PerClass<TestServer> server = PerClass.of(() -> TestServer.start(true));

    @Test
    void opensAfterConsecutiveFailuresHalfOpensAfterResetTimeoutAndClosesOnSuccess() throws Exception {
        AtomicLong now = new AtomicLong(1_000_000);
        try (LumenClient client = LumenClient.builder().clock(now::get).breaker(2, 5000).maxRetries(0).build()) {
            URI drop = server.get().http("/drop");
            URI ok = server.get().http("/get?name=ok");
            assertEquals(ClientException.CONNECTION_CLOSED, FailuresTest.failure(client.send(Request.get(drop).build())).code());
            assertEquals(CircuitBreaker.State.CLOSED, client.breakerState(ok), "one failure is below the threshold");
            assertEquals(ClientException.CONNECTION_CLOSED, FailuresTest.failure(client.send(Request.get(drop).build())).code());
            assertEquals(CircuitBreaker.State.OPEN, client.breakerState(ok));

            int hits = server.get().hits.get();
            ClientException open = FailuresTest.failure(client.send(Request.get(ok).build()));
            assertEquals(ClientException.CIRCUIT_OPEN, open.code());
            assertEquals(503, open.status().statusCode());
            assertEquals(hits, server.get().hits.get(), "an open breaker sends nothing");

            now.addAndGet(4999);
            assertEquals(ClientException.CIRCUIT_OPEN, FailuresTest.failure(client.send(Request.get(ok).build())).code());

            now.addAndGet(1); // resetTimeout passed: one trial; it fails, so the breaker opens again
            assertEquals(ClientException.CONNECTION_CLOSED, FailuresTest.failure(client.send(Request.get(drop).build())).code());
            assertEquals(CircuitBreaker.State.OPEN, client.breakerState(ok));
            assertEquals(ClientException.CIRCUIT_OPEN, FailuresTest.failure(client.send(Request.get(ok).build())).code());

            now.addAndGet(5000); // next trial succeeds: closed, and stays closed across calls
            assertEquals("Hello ok", client.send(Request.get(ok).build()).get(5, TimeUnit.SECONDS).bodyString());
            assertEquals(CircuitBreaker.State.CLOSED, client.breakerState(ok));
            assertEquals(ClientException.CONNECTION_CLOSED, FailuresTest.failure(client.send(Request.get(drop).build())).code());
            assertEquals(CircuitBreaker.State.CLOSED, client.breakerState(ok), "the count restarted after the success");
        }
    }

    @Test
    void halfOpenLetsExactlyOneTrialThrough() throws Exception {
        AtomicLong now = new AtomicLong(0);
        CircuitBreaker b = new CircuitBreaker(1, 100, now::get);
        b.failure();
        assertEquals(CircuitBreaker.State.OPEN, b.state());
        now.set(100);
        assertEquals(true, b.allow());
        assertEquals(CircuitBreaker.State.HALF_OPEN, b.state());
        assertEquals(false, b.allow(), "a second request while the trial runs fails fast");
        b.success();
        assertEquals(true, b.allow());
        assertEquals(CircuitBreaker.State.CLOSED, b.state());
    }

    @Test
    void breakersArePerOriginAndServerErrorsAreResponses() throws Exception {
        try (LumenClient client = LumenClient.builder().breaker(1, 60_000).maxRetries(0).build()) {
            for (int i = 0; i < 3; i++) {
                assertEquals(500, client.send(Request.get(server.get().http("/status?code=500")).build())
                        .get(5, TimeUnit.SECONDS).status());
            }
            assertEquals(CircuitBreaker.State.CLOSED, client.breakerState(server.get().http("/")));
            URI down = URI.create("http://127.0.0.1:" + FailuresTest.freePort() + "/");
            FailuresTest.failure(client.send(Request.get(down).build()));
            assertEquals(CircuitBreaker.State.OPEN, client.breakerState(down));
            assertEquals(CircuitBreaker.State.CLOSED, client.breakerState(server.get().http("/")));
        }
    }
}
