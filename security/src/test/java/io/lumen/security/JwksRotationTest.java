package io.lumen.security;

import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Keys from a JWKS: rotation, the refresh rate limit, a JWKS file and a dead endpoint. */
class JwksRotationTest {
    static final String HANDLER_YML = """
            handlers: [io.lumen.security.ShowToken@show]
            paths:
              - {path: '/v1/pets', method: GET, exec: [exception, security, show]}
            """;
    static final TestKeys OLD = TestKeys.rsa("2024-a");
    static final TestKeys NEW = TestKeys.rsa("2025-b");

    @TempDir
    Path dir;

    private TestService service(String jwksUrl, int refreshInterval, int timeoutMillis) {
        return TestService.in(dir).file("handler.yml", HANDLER_YML).file("security.yml", """
                jwt:
                  keyResolver: JsonWebKeySet
                  jwksUrl: %s
                  jwksRefreshInterval: %d
                  jwksTimeout: %d
                  issuer: https://lumen.test/issuer
                """.formatted(jwksUrl, refreshInterval, timeoutMillis)).start();
    }

    private static HttpResponse<String> call(TestService s, String token) {
        return s.send(s.request("/v1/pets").header("Authorization", "Bearer " + token).GET().build());
    }

    @Test
    void aKeyAddedToTheJwksIsFoundOnTheFirstRequestThatUsesIt() {
        try (JwksServer jwks = new JwksServer(TestKeys.jwks(OLD)); TestService s = service(jwks.url(), 0, 2000)) {
            assertEquals(1, jwks.fetches()); // at startup
            assertEquals(200, call(s, OLD.token()).statusCode());
            HttpResponse<String> unknown = call(s, NEW.token());
            assertEquals(401, unknown.statusCode());
            assertTrue(unknown.headers().firstValue("WWW-Authenticate").orElseThrow().contains("key id is unknown"));
            assertEquals(2, jwks.fetches()); // the unknown kid fetched once, the key was still not there

            jwks.serve(TestKeys.jwks(OLD, NEW)); // the issuer rotates
            assertEquals(200, call(s, NEW.token()).statusCode(), "the request waited for the refresh");
            assertEquals(3, jwks.fetches());
            assertEquals(200, call(s, NEW.token()).statusCode());
            assertEquals(200, call(s, OLD.token()).statusCode());
            assertEquals(3, jwks.fetches()); // known kids (and cache hits) never fetch
        }
    }

    @Test
    void unknownKidsFetchAtMostOncePerRefreshInterval() {
        try (JwksServer jwks = new JwksServer(TestKeys.jwks(OLD)); TestService s = service(jwks.url(), 3600, 2000)) {
            jwks.serve(TestKeys.jwks(OLD, NEW));
            for (int i = 0; i < 5; i++) {
                assertEquals(401, call(s, NEW.token()).statusCode()); // the startup fetch was less than an hour ago
            }
            assertEquals(1, jwks.fetches());
        }
    }

    @Test
    void aJwksFileInTheConfigDirWorksLikeAUrl() throws Exception {
        Files.writeString(dir.resolve("keys.jwks.json"), TestKeys.jwks(OLD, NEW));
        try (TestService s = service("keys.jwks.json", 60, 2000)) {
            assertEquals(200, call(s, NEW.token()).statusCode());
            assertEquals(200, call(s, OLD.token()).statusCode());
        }
    }

    @Test
    void aJwksEndpointThatNeverAnswersCostsAtMostTheTimeout() throws Exception {
        List<Socket> accepted = new ArrayList<>();
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        accepted.add(silent.accept()); // accept, read nothing, answer nothing
                    }
                } catch (Exception closed) {
                    // test over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            String url = "http://127.0.0.1:" + silent.getLocalPort() + "/jwks";
            long t0 = System.nanoTime();
            try (TestService s = service(url, 0, 300)) {
                assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "startup waited too long");
                for (int i = 0; i < 3; i++) {
                    long t1 = System.nanoTime();
                    HttpResponse<String> r = call(s, OLD.token());
                    long millis = (System.nanoTime() - t1) / 1_000_000;
                    assertEquals(401, r.statusCode(), r.body());
                    assertTrue(millis < 3000, "answered after " + millis + " ms");
                }
            }
        } finally {
            for (Socket a : accepted) {
                a.close();
            }
        }
    }

    @Test
    void aJwksEndpointThatIsDownMeans401NotAnError() throws Exception {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = probe.getLocalPort();
        }
        try (TestService s = service("http://127.0.0.1:" + closedPort + "/jwks", 0, 1000)) {
            HttpResponse<String> r = call(s, OLD.token());
            assertEquals(401, r.statusCode());
            assertTrue(r.body().contains("ERR10000"), r.body());
        }
    }
}
