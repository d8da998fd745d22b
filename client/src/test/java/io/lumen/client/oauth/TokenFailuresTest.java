package io.lumen.client.oauth;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.lumen.client.Request;
import io.lumen.client.testing.TokenServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A token endpoint that is down, fails or talks nonsense gives a clear error; nothing secret is logged. */
class TokenFailuresTest {
    private static final String LEAK = "internal-stack-trace-of-the-token-server";

    private static TokenException failure(TokenSource source) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> source.token().get());
        return assertInstanceOf(TokenException.class, e.getCause());
    }

    @Test
    void anEndpointThatIsDownIsErr19230(@TempDir Path dir) throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        try (TokenServer server = TokenServer.start();
             TokenFixture f = new TokenFixture(dir, server, TokenFixture.basic().replace("SERVER", "http://127.0.0.1:" + closedPort))) {
            TokenException e = failure(f.tokens.source());
            assertEquals("ERR19230", e.code());
            assertEquals(503, e.status().statusCode());
            assertTrue(e.description().startsWith("Cannot get a token from http://127.0.0.1:" + closedPort + "/oauth2/token: "),
                    e.description());
        }
    }

    @Test
    void a500IsErr19231WithoutTheBody(@TempDir Path dir) throws Exception {
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, TokenFixture.basic())) {
            server.answer(n -> new TokenServer.Answer(500, "{\"error\":\"" + LEAK + "\"}"));
            TokenException e = failure(f.tokens.source());
            assertEquals("ERR19231", e.code());
            assertEquals(502, e.status().statusCode());
            assertEquals("The token endpoint " + server.url() + "/oauth2/token refused the token request: HTTP 500", e.description());
        }
    }

    @Test
    void aRegisteredOAuthErrorCodeIsNamed(@TempDir Path dir) throws Exception {
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, TokenFixture.basic())) {
            server.answer(n -> new TokenServer.Answer(401, "{\"error\":\"invalid_client\",\"error_description\":\"" + LEAK + "\"}"));
            TokenException e = failure(f.tokens.source());
            assertTrue(e.description().endsWith("HTTP 401 invalid_client"), e.description());
            assertFalse(e.getMessage().contains(LEAK));
        }
    }

    @Test
    void garbageIsErr19232(@TempDir Path dir) throws Exception {
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, TokenFixture.basic())) {
            server.answer(n -> switch (n) {
                case 1 -> new TokenServer.Answer(200, "<html>" + LEAK);
                case 2 -> new TokenServer.Answer(200, "{\"token_type\":\"Bearer\"}");
                case 3 -> new TokenServer.Answer(200, "{\"access_token\":\"x\",\"token_type\":\"MAC\"}");
                default -> new TokenServer.Answer(200, "{\"access_token\":\"x\",\"expires_in\":\"soon\"}");
            });
            String[] expected = {"the response is not a JSON object", "no access_token", "token_type is not Bearer",
                    "expires_in is not a number of seconds"};
            for (int i = 0; i < expected.length; i++) {
                TokenException e = failure(f.tokens.forService(null, List.of("s" + i))); // a new source each time
                assertEquals("ERR19232", e.code());
                assertTrue(e.description().endsWith(expected[i]), e.description());
            }
        }
    }

    @Test
    void afterAFailureTheNextRequestWaitsTheRetryDelay(@TempDir Path dir) throws Exception {
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, TokenFixture.basic())) {
            server.answer(n -> n == 1 ? new TokenServer.Answer(503, "{}") : new TokenServer.Answer(200,
                    "{\"access_token\":\"tok-" + n + "\",\"expires_in\":3600}"));
            TokenSource source = f.tokens.source();
            failure(source);
            assertEquals("ERR19231", failure(source).code(), "within expiredRefreshRetryDelay (2 s): the last failure");
            assertEquals(1, server.tokenHits.get());
            f.clock.addAndGet(2_000);
            assertEquals("tok-2", source.token().get().value());
        }
    }

    @Test
    void noTokenSecretOrAssertionIsEverLogged(@TempDir Path dir) throws Exception {
        LoggerContext logs = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = logs.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        Logger lumen = logs.getLogger("io.lumen");
        Level before = lumen.getLevel();
        ListAppender<ILoggingEvent> captured = new ListAppender<>();
        captured.start();
        root.addAppender(captured);
        lumen.setLevel(Level.TRACE);
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, TokenFixture.basic())) {
            TokenSource source = f.tokens.source();
            source.send(Request.get(URI.create(server.url() + "/api/x")).build()).get();
            server.revoke("tok-1");
            source.send(Request.get(URI.create(server.url() + "/api/x")).build()).get();
            f.tokens.exchange("caller-subject-token").token().get();
            server.answer(n -> new TokenServer.Answer(400, "{\"error\":\"invalid_grant\",\"access_token\":\"tok-leak\"}"));
            failure(f.tokens.forService(null, List.of("other")));
            assertTrue(captured.list.stream().anyMatch(e -> e.getLevel() == Level.DEBUG
                    && e.getFormattedMessage().contains("token from")), "the token requests were logged");
            for (ILoggingEvent e : captured.list) {
                String line = e.getFormattedMessage() + (e.getThrowableProxy() == null ? "" : e.getThrowableProxy().getMessage());
                for (String secret : new String[] {"s3cret-value", "tok-1", "tok-2", "tok-3", "tok-leak", "caller-subject-token"}) {
                    assertFalse(line.contains(secret), "logged '" + secret + "': " + line);
                }
            }
            assertFalse(source.token().get().toString().contains("tok-"), "AccessToken.toString is redacted");
            assertFalse(source.toString().contains("s3cret"), "TokenSource.toString leaves the secret out");
        } finally {
            root.detachAppender(captured);
            lumen.setLevel(before);
        }
    }
}
