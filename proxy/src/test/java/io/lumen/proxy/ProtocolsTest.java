package io.lumen.proxy;

import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.Certificates;
import io.lumen.proxy.testing.ErrorJson;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.testkit.core.Await;
import io.lumen.testkit.raw.RawHttp;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * HTTP/2 to upstreams: h2c by upgrade on cleartext, h2 by ALPN on TLS, HTTP/1.1 when the upstream
 * does not speak HTTP/2; TLS trust and hostname verification through proxy.yml {@code tls}; and an
 * HTTP/2 client in front of the proxy.
 */
class ProtocolsTest {
    @TempDir
    static Path certs;
    static Path serverKeys;
    static Path wrongNameKeys;
    static Path untrustedKeys;
    static Path trustStore;

    @BeforeAll
    static void makeCertificates() {
        serverKeys = Certificates.keyStore(certs, "upstream", "ip:127.0.0.1,dns:localhost");
        wrongNameKeys = Certificates.keyStore(certs, "elsewhere", "dns:other.example");
        untrustedKeys = Certificates.keyStore(certs, "stranger", "ip:127.0.0.1");
        trustStore = certs.resolve("client.truststore");
        Certificates.trust(serverKeys, "upstream", trustStore);
        Certificates.trust(wrongNameKeys, "elsewhere", trustStore);
    }

    /** A proxy config dir holding the trust store (proxy.yml's tls.trustStore is resolved through it). */
    private static ProxyUnderTest.Builder proxyWithTrust(Path dir) throws IOException {
        Files.copy(trustStore, dir.resolve("client.truststore"));
        return ProxyUnderTest.in(dir);
    }

    private static List<String> protocols(Backend b) {
        return b.received().stream().map(Backend.Received::protocol).toList();
    }

    @Test
    void anH2cUpstreamIsSpokenHttp2AfterTheUpgradeOfTheFirstRequest(@TempDir Path dir) {
        try (Backend b = Backend.h2c("h2c").respond("/echo", (ex, r) -> ex.getResponseSender().send(r.bodyText())).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).value("proxy.http2Enabled", true).start()) {
            for (int i = 0; i < 6; i++) {
                HttpResponse<String> r = p.get("/get/" + i);
                assertEquals(200, r.statusCode(), r.body());
                assertEquals("hello from h2c", r.body());
            }
            String body = "x".repeat(100_000);
            HttpResponse<String> post = p.send(p.request("/echo").POST(HttpRequest.BodyPublishers.ofString(body)).build());
            assertEquals(200, post.statusCode());
            assertEquals(body, post.body());
            List<String> seen = protocols(b);
            assertEquals("HTTP/2.0", seen.get(seen.size() - 1), seen.toString());
            long http11 = seen.stream().filter("HTTP/1.1"::equals).count();
            assertTrue(http11 <= ProxyUnderTest.IO_THREADS, "at most the first request of each IO thread's connection: " + seen);
            assertEquals(seen.size() - http11, seen.stream().filter("HTTP/2.0"::equals).count(), seen.toString());
            assertEquals(body.length(), b.last().body().length);
        }
    }

    @Test
    void concurrentRequestsShareTheHttp2Connections(@TempDir Path dir) throws Exception {
        // the subject is sharing, not timing: 30 requests of 300 ms each may take longer than the default 1 s on a loaded machine
        try (Backend b = Backend.h2c("h2c").respond("/slow", Backend.slow(300, () -> "slow")).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).value("proxy.http2Enabled", true)
                     .value("proxy.maxRequestTime", 30_000).start()) {
            warmEveryIoThread(p);
            int connections = b.connectionsSeen();
            assertTrue(connections <= ProxyUnderTest.IO_THREADS, "one upgraded connection per IO thread: " + connections);
            List<CompletableFuture<HttpResponse<String>>> all = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                all.add(ProxyUnderTest.HTTP.sendAsync(p.request("/slow/" + i).GET().build(), HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> f : all) {
                assertEquals("slow", f.get(60, TimeUnit.SECONDS).body());
            }
            assertTrue(b.maxInFlight() >= 10, "the requests ran side by side: " + b.maxInFlight());
            assertEquals(connections, b.connectionsSeen(),
                    "multiplexed on the existing connections: " + connections + " then " + b.connectionsSeen());
            assertTrue(protocols(b).subList(protocols(b).size() - 30, protocols(b).size()).stream().allMatch("HTTP/2.0"::equals),
                    protocols(b).toString());
        }
    }

    /**
     * Warms up every IO thread of the proxy (an upgraded h2c connection on each): each client
     * connection is served by one of them, picked at random by XNIO, so with 3 connections per thread
     * all of them landed on one thread about once in 32 runs (and a burst then opened a second h2
     * connection); with 16 per thread that is about once in 2^31.
     */
    private static void warmEveryIoThread(ProxyUnderTest p) throws IOException {
        for (int i = 0; i < 16 * ProxyUnderTest.IO_THREADS; i++) {
            try (RawHttp c = new RawHttp(p.port())) {
                c.send("GET /warm/" + i + " HTTP/1.1\r\nHost: x\r\n\r\n");
                assertEquals(200, c.read().status());
                c.send("GET /warm/again/" + i + " HTTP/1.1\r\nHost: x\r\n\r\n");
                assertEquals(200, c.read().status());
            }
        }
    }

    @Test
    void anHttp2UpstreamsStreamLimitIsKeptByOpeningMoreConnections(@TempDir Path dir) throws Exception {
        try (Backend b = Backend.h2c("h2c").maxConcurrentStreams(2).respond("/slow", Backend.slow(300, () -> "slow")).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).value("proxy.http2Enabled", true).start()) {
            warmEveryIoThread(p); // the upstream's SETTINGS (2 streams) have arrived on every thread's connection
            int connections = b.connectionsSeen();
            List<CompletableFuture<HttpResponse<String>>> all = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                all.add(ProxyUnderTest.HTTP.sendAsync(p.request("/slow/" + i).GET().build(), HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> f : all) {
                HttpResponse<String> r = f.get(10, TimeUnit.SECONDS);
                assertEquals(200, r.statusCode(), r.body());
                assertEquals("slow", r.body());
            }
            assertTrue(b.connectionsSeen() > connections,
                    "streams beyond the upstream's limit went on new connections: " + connections + " then " + b.connectionsSeen());
            assertEquals(12, b.received("/slow").size(), "each request reached the upstream once");
        }
    }

    @Test
    void anHttp11OnlyUpstreamStillWorksWithHttp2Enabled(@TempDir Path dir) {
        try (Backend b = Backend.http("h1").respond("/echo", (ex, r) -> ex.getResponseSender().send(r.bodyText())).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).value("proxy.http2Enabled", true).start()) {
            for (int i = 0; i < 5; i++) {
                HttpResponse<String> r = p.get("/get/" + i);
                assertEquals(200, r.statusCode(), r.body());
                assertEquals("hello from h1", r.body());
            }
            HttpResponse<String> post = p.send(p.request("/echo").POST(HttpRequest.BodyPublishers.ofString("payload")).build());
            assertEquals("payload", post.body());
            assertTrue(protocols(b).stream().allMatch("HTTP/1.1"::equals), protocols(b).toString());
            assertEquals(6, b.count());
        }
    }

    @Test
    void anHttpsUpstreamIsSpokenHttp2ByAlpn(@TempDir Path dir) throws IOException {
        try (Backend b = Backend.https("tls", Certificates.serverContext(serverKeys), true)
                     .respond("/echo", (ex, r) -> ex.getResponseSender().send(r.bodyText())).start();
             ProxyUnderTest p = proxyWithTrust(dir).hosts(b.url()).value("proxy.http2Enabled", true).start()) {
            for (int i = 0; i < 4; i++) {
                HttpResponse<String> r = p.get("/get/" + i);
                assertEquals(200, r.statusCode(), r.body());
                assertEquals("hello from tls", r.body());
            }
            byte[] body = "\u00e9t\u00e9 ".repeat(20_000).getBytes(StandardCharsets.UTF_8);
            HttpResponse<String> post = p.send(p.request("/echo").POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());
            assertEquals(200, post.statusCode());
            assertArrayEquals(body, b.last().body());
            assertTrue(protocols(b).stream().allMatch("HTTP/2.0"::equals), "ALPN from the first request: " + protocols(b));
            assertEquals("127.0.0.1:" + b.port(), b.last().header("Host"));
        }
    }

    @Test
    void anHttpsUpstreamIsSpokenHttp11WithoutHttp2Enabled(@TempDir Path dir) throws IOException {
        try (Backend b = Backend.https("tls", Certificates.serverContext(serverKeys), true).start();
             ProxyUnderTest p = proxyWithTrust(dir).hosts(b.url()).start()) {
            assertEquals(200, p.get("/a").statusCode());
            assertEquals(200, p.get("/b").statusCode());
            assertEquals(List.of("HTTP/1.1", "HTTP/1.1"), protocols(b));
        }
    }

    /**
     * A refused certificate is a 502 error JSON. Undertow's client connects before the handshake and
     * reports the failed handshake as a closed channel on the first request, so the proxy says
     * ERR19033 ("closed the connection before answering") rather than ERR19030 (unreachable).
     */
    private static void tlsRefused(HttpResponse<String> r) {
        assertEquals(502, r.statusCode(), r.body());
        String code = ErrorJson.code(r.body());
        assertTrue("ERR19030".equals(code) || "ERR19033".equals(code), r.body());
        ErrorJson.assertError(r, 502, code);
    }

    @Test
    void aCertificateNotNamingTheHostIs502WithHostnameVerificationAndPassesWithout(@TempDir Path dir) throws IOException {
        try (Backend b = Backend.https("wrong-name", Certificates.serverContext(wrongNameKeys), true).start()) {
            try (ProxyUnderTest p = proxyWithTrust(Files.createDirectories(dir.resolve("verify"))).hosts(b.url())
                    .value("proxy.http2Enabled", true).start()) {
                HttpResponse<String> r = p.get("/x");
                assertEquals(502, r.statusCode(), r.body());
                tlsRefused(r);
                assertEquals(0, b.count());
            }
            try (ProxyUnderTest p = proxyWithTrust(Files.createDirectories(dir.resolve("no-verify"))).hosts(b.url())
                    .value("proxy.http2Enabled", true).value("proxy.tls.verifyHostname", false).start()) {
                HttpResponse<String> r = p.get("/x");
                assertEquals(200, r.statusCode(), r.body());
                assertEquals("hello from wrong-name", r.body());
            }
        }
    }

    @Test
    void healthChecksOfAnHttpsUpstreamFollowTheSameTlsSettings(@TempDir Path dir) throws Exception {
        try (Backend right = Backend.https("right", Certificates.serverContext(serverKeys), false).start();
             Backend wrong = Backend.https("wrong-name", Certificates.serverContext(wrongNameKeys), false).start()) {
            for (boolean verify : new boolean[] {true, false}) {
                try (ProxyUnderTest p = proxyWithTrust(Files.createDirectories(dir.resolve("verify-" + verify)))
                        .hosts(right.url(), wrong.url()).value("proxy.tls.verifyHostname", verify)
                        .value("proxy.healthCheck.enabled", true).value("proxy.healthCheck.interval", 50).start()) {
                    int checks = right.received("/health").size();
                    // several rounds of checks (unhealthyThreshold 2); with verification the wrong name's fail
                    Await.until(() -> right.received("/health").size() >= checks + 5 && (!verify || wrongNameOut(p, wrong)),
                            Duration.ofSeconds(30), "several rounds of checks" + (verify ? ", the wrong name's failed" : ""));
                    Set<String> answered = new TreeSet<>();
                    for (int i = 0; i < 8; i++) {
                        HttpResponse<String> r = p.get("/x" + i);
                        assertEquals(200, r.statusCode(), r.body());
                        answered.add(r.body());
                    }
                    Set<String> expected = verify ? Set.of("hello from right")
                            : Set.of("hello from right", "hello from wrong-name");
                    assertEquals(expected, answered, "verifyHostname " + verify);
                }
            }
        }
    }

    private static boolean wrongNameOut(ProxyUnderTest p, Backend wrong) {
        return ProxyInternals.upstreams(p).all().stream().anyMatch(u -> u.origin().endsWith(":" + wrong.port()) && !u.activeHealthy());
    }

    @Test
    void anUntrustedCertificateIs502(@TempDir Path dir) throws IOException {
        try (Backend b = Backend.https("stranger", Certificates.serverContext(untrustedKeys), false).start();
             ProxyUnderTest p = proxyWithTrust(dir).hosts(b.url()).start()) {
            tlsRefused(p.get("/x"));
            assertEquals(0, b.count());
        }
    }

    @Test
    void anHttp2ClientInFrontOfTheProxyIsForwardedToAnHttp11Upstream(@TempDir Path dir) throws Exception {
        HttpClient h2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).connectTimeout(Duration.ofSeconds(5)).build();
        try (Backend b = Backend.http("h1").respond("/echo", (ex, r) -> ex.getResponseSender().send(r.bodyText())).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).start()) {
            List<HttpResponse<String>> got = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                got.add(h2.send(p.request("/echo").POST(HttpRequest.BodyPublishers.ofString("body " + i)).build(),
                        HttpResponse.BodyHandlers.ofString()));
                got.add(h2.send(p.request("/get/" + i).GET().build(), HttpResponse.BodyHandlers.ofString()));
            }
            for (int i = 0; i < 3; i++) {
                assertEquals(200, got.get(2 * i).statusCode());
                assertEquals("body " + i, got.get(2 * i).body());
                assertEquals("hello from h1", got.get(2 * i + 1).body());
            }
            assertEquals(HttpClient.Version.HTTP_2, got.get(got.size() - 1).version(), "the client got HTTP/2 after its upgrade");
            for (Backend.Received r : b.received()) {
                assertEquals("HTTP/1.1", r.protocol());
                assertTrue(!r.has("HTTP2-Settings") && !r.has("Upgrade"), r.headers().toString());
                if (r.method().equals("GET")) {
                    assertTrue(r.header("Content-Length") == null || r.header("Content-Length").equals("0"), r.headers().toString());
                }
            }
        }
    }
}
