package io.lumen.client.oauth;

import io.lumen.client.Request;
import io.lumen.client.Response;
import io.lumen.client.testing.TokenServer;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Caching, renewal before expiry, one request in flight, one retry on 401. */
class TokenCacheTest {

    @Test
    void nCallsCostOneTokenRequest(@TempDir Path dir) throws Exception {
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, TokenFixture.basic())) {
            TokenSource source = f.tokens.source();
            for (int i = 0; i < 20; i++) {
                Response r = source.send(Request.get(URI.create(server.url() + "/api/pets")).build()).get();
                assertEquals(200, r.status());
                assertEquals("ok tok-1", r.bodyString());
            }
            assertEquals(1, server.tokenHits.get());
            assertEquals(20, server.apiHits.get());
            assertSame(source, f.tokens.source(), "one source per target and scope set");
            assertSame(f.tokens.forService(null, List.of("b", "a")), f.tokens.forService(null, List.of("a", "b")));
            f.tokens.forService(null, List.of("b", "a")).token().get();
            assertEquals("a b", server.last().form().get("scope"), "another scope set is another token");
            assertEquals(2, server.tokenHits.get());
        }
    }

    @Test
    void theTokenIsRenewedBeforeItExpiresWhileTheOldOneIsStillHandedOut(@TempDir Path dir) throws Exception {
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, TokenFixture.basic())) {
            server.lifetimeSeconds(100); // renewBefore is 10 s
            TokenSource source = f.tokens.source();
            assertEquals("tok-1", source.token().get().value());
            f.clock.addAndGet(89_000);
            assertEquals("tok-1", source.token().get().value());
            assertEquals(1, server.tokenHits.get(), "still fresh at 89 s");
            f.clock.addAndGet(2_000); // 91 s: inside the renewal window
            server.hold();
            assertEquals("tok-1", source.token().get().value(), "the held token while the renewal runs");
            assertEquals("tok-1", source.token().get().value());
            Await.until(() -> server.parked() == 1);
            assertEquals(1, server.parked(), "one renewal in flight");
            server.release();
            Await.until(() -> source.token().getNow(null).value().equals("tok-2"));
            assertEquals(2, server.tokenHits.get());
        }
    }

    @Test
    void aTokenShorterLivedThanTheRenewalWindowIsRenewedHalfwayNotOnEveryCall(@TempDir Path dir) throws Exception {
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, TokenFixture.basic())) {
            server.lifetimeSeconds(8); // renewBefore is 10 s
            TokenSource source = f.tokens.source();
            source.token().get();
            f.clock.addAndGet(3_900);
            for (int i = 0; i < 10; i++) {
                assertEquals("tok-1", source.token().get().value());
            }
            assertEquals(1, server.tokenHits.get());
            f.clock.addAndGet(200); // 4.1 s: past half its life
            source.token().get();
            Await.until(() -> source.token().getNow(null).value().equals("tok-2"));
            assertEquals(2, server.tokenHits.get());
        }
    }

    @Test
    void anExpiredTokenIsNeverHandedOut(@TempDir Path dir) throws Exception {
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, TokenFixture.basic())) {
            server.lifetimeSeconds(100);
            TokenSource source = f.tokens.source();
            source.token().get();
            f.clock.addAndGet(100_000);
            assertEquals("tok-2", source.token().get().value(), "callers wait for the new token");
        }
    }

    @Test
    void concurrentCallersShareOneTokenRequest(@TempDir Path dir) throws Exception {
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, TokenFixture.basic())) {
            server.hold();
            TokenSource source = f.tokens.source();
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<CompletableFuture<AccessToken>>> asked = new ArrayList<>();
                for (int i = 0; i < 64; i++) {
                    asked.add(pool.submit(source::token));
                }
                List<CompletableFuture<AccessToken>> waiting = new ArrayList<>();
                for (Future<CompletableFuture<AccessToken>> a : asked) {
                    waiting.add(a.get());
                }
                Await.until(() -> server.parked() == 1);
                assertTrue(waiting.stream().noneMatch(CompletableFuture::isDone), "nobody has a token before the answer");
                server.release();
                for (CompletableFuture<AccessToken> w : waiting) {
                    assertEquals("tok-1", w.get().value());
                }
                assertEquals(1, server.tokenHits.get());
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void a401IsRetriedOnceWithAFreshToken(@TempDir Path dir) throws Exception {
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, TokenFixture.basic())) {
            TokenSource source = f.tokens.source();
            assertEquals("tok-1", source.token().get().value());
            server.revoke("tok-1");
            Response r = source.send(Request.get(URI.create(server.url() + "/api/pets")).build()).get();
            assertEquals(200, r.status());
            assertEquals("ok tok-2", r.bodyString());
            assertEquals(List.of("Bearer tok-1", "Bearer tok-2"), server.apiAuthorizations);
            assertEquals(2, server.tokenHits.get());
        }
    }

    @Test
    void a401ToTheFreshTokenTooIsTheAnswerNotRetriedAgain(@TempDir Path dir) throws Exception {
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, TokenFixture.basic())) {
            server.answer(n -> new TokenServer.Answer(200, "{\"access_token\":\"never-accepted-" + n
                    + "\",\"token_type\":\"bearer\",\"expires_in\":3600}"));
            server.revoke("never-accepted-1");
            server.revoke("never-accepted-2");
            server.revoke("never-accepted-3");
            Response r = f.tokens.source().send(Request.get(URI.create(server.url() + "/api/pets")).build()).get();
            assertEquals(401, r.status());
            assertEquals(2, server.apiHits.get(), "the call and one retry");
            assertEquals(2, server.tokenHits.get());
        }
    }
}
