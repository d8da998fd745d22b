package io.lumen.spring.it;

import io.lumen.server.Readiness;
import io.lumen.spring.embed.LumenEmbedding;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Spring's graceful shutdown waits for a request a Lumen handler is still answering. */
class GracefulDrainTest {
    @Test
    void closingTheContextDrainsLumenAnsweredRequests() throws Exception {
        ConfigurableApplicationContext app = Apps.start(Apps.dir("lumen-it"),
                "server.shutdown=graceful", "spring.lifecycle.timeout-per-shutdown-phase=20s");
        SlowGate gate = app.getBean(SlowGate.class);
        LumenEmbedding lumen = app.getBean(LumenEmbedding.class);
        URI slow = Apps.uri(app, "/lumen/slow");
        CompletableFuture<HttpResponse<String>> inFlight = CompletableFuture.supplyAsync(() -> {
            try {
                return Http.get(slow);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(gate.entered.await(10, TimeUnit.SECONDS), "the slow handler got the request");

        CompletableFuture<Void> closing = CompletableFuture.runAsync(app::close);
        Await.holdsWithin(() -> lumen.state() != Readiness.State.READY, Duration.ofSeconds(10));
        assertEquals(Readiness.State.DRAINING, lumen.state(), "Lumen drains with Spring");
        assertFalse(closing.isDone(), "close waits for the in-flight request");

        gate.release.countDown();
        HttpResponse<String> r = inFlight.get(20, TimeUnit.SECONDS);
        assertEquals(200, r.statusCode());
        assertEquals("done", r.body());
        closing.get(20, TimeUnit.SECONDS);
        assertEquals(Readiness.State.STOPPED, lumen.state());
    }
}
