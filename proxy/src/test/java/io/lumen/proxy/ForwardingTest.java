package io.lumen.proxy;

import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.proxy.testing.RawBackend;
import io.lumen.testkit.core.Await;
import io.lumen.testkit.raw.RawHttp;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What crosses the proxy and what it changes: methods, statuses, headers and bodies both ways, the
 * request target byte for byte, hop-by-hop headers, X-Forwarded-*, Host, correlation and trace
 * headers, and bodies already read by the body middleware.
 */
class ForwardingTest {
    @TempDir
    static Path dir;
    static Backend backend;
    static ProxyUnderTest proxy;

    @BeforeAll
    static void start() {
        backend = Backend.http("b1").respond("/echo", ForwardingTest::echo)
                .respond("/slow", Backend.slow(300, () -> "slow")).start();
        proxy = ProxyUnderTest.in(dir).hosts(backend.url()).start();
    }

    @AfterAll
    static void stop() {
        proxy.close();
        backend.close();
    }

    @BeforeEach
    void clear() {
        backend.clear();
    }

    /** Answers the status asked for in X-Want-Status with the request body, its content type and a few headers. */
    static void echo(HttpServerExchange exchange, Backend.Received r) {
        String want = r.header("X-Want-Status");
        exchange.setStatusCode(want == null ? 200 : Integer.parseInt(want));
        if (r.header("Content-Type") != null) {
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, r.header("Content-Type"));
        }
        exchange.getResponseHeaders().put(new HttpString("X-Method"), r.method());
        exchange.getResponseHeaders().add(new HttpString("X-Multi"), "one");
        exchange.getResponseHeaders().add(new HttpString("X-Multi"), "two");
        exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, "no-store");
        exchange.getResponseSender().send(ByteBuffer.wrap(r.body()));
    }

    private static Path sub(String name) throws IOException {
        return Files.createDirectories(dir.resolve(name));
    }

    @Test
    void getPassesStatusHeadersAndBodyBothWays() {
        HttpResponse<String> r = proxy.send(proxy.request("/echo/items/7").header("X-Custom", "a b")
                .header("X-Twice", "1").header("X-Twice", "2").header("Accept", "text/plain").GET().build());
        assertEquals(200, r.statusCode());
        assertEquals("GET", r.headers().firstValue("X-Method").orElse(null));
        assertEquals(List.of("one", "two"), r.headers().allValues("X-Multi"));
        assertEquals("no-store", r.headers().firstValue("Cache-Control").orElse(null));
        assertEquals("", r.body());
        Backend.Received got = backend.last();
        assertEquals("GET", got.method());
        assertEquals("/echo/items/7", got.uri());
        assertEquals("a b", got.header("X-Custom"));
        assertEquals(List.of("1", "2"), got.headers("X-Twice"));
        assertEquals("text/plain", got.header("Accept"));
        assertEquals(0, got.body().length);
    }

    /**
     * HTTP/1.1 pipelining, with the next requests arriving while the first is still at the
     * upstream: the proxy keeps the client connection readable during a bodiless request (it saves
     * two epoll_ctl calls a request), so this is the case where bytes show up mid-exchange.
     */
    @Test
    void pipelinedRequestsArrivingWhileOneIsInFlightAreAnsweredInOrder() throws Exception {
        try (RawHttp c = new RawHttp(proxy.port(), 5000)) {
            c.send("GET /slow/1 HTTP/1.1\r\nHost: x\r\n\r\n");
            Await.until(() -> !backend.received("/slow/1").isEmpty(), Duration.ofSeconds(30), "the first request waiting for the upstream");
            c.send("POST /echo/2 HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello"
                    + "GET /echo/3 HTTP/1.1\r\nHost: x\r\nX-Want-Status: 202\r\n\r\n"
                    + "DELETE /echo/4 HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttp.Response first = c.read();
            assertEquals(200, first.status());
            assertEquals("slow", first.bodyText());
            RawHttp.Response second = c.read();
            assertEquals(200, second.status());
            assertEquals("POST", second.header("X-Method"));
            assertEquals("hello", second.bodyText());
            RawHttp.Response third = c.read();
            assertEquals(202, third.status());
            assertEquals("GET", third.header("X-Method"));
            RawHttp.Response fourth = c.read();
            assertEquals(200, fourth.status());
            assertEquals("DELETE", fourth.header("X-Method"));
        }
        assertEquals(List.of("/slow/1", "/echo/2", "/echo/3", "/echo/4"),
                backend.received().stream().map(Backend.Received::uri).toList());
    }

    /** A client that hangs up while its request is at the upstream costs nothing afterwards. */
    @Test
    void aClientLeavingDuringABodilessRequestLeavesTheProxyServing() throws Exception {
        try (RawHttp c = new RawHttp(proxy.port(), 5000)) {
            c.send("GET /slow/gone HTTP/1.1\r\nHost: x\r\n\r\n");
            Await.until(() -> !backend.received("/slow/gone").isEmpty(), Duration.ofSeconds(30), "the request at the upstream");
        } // closed while the upstream is still working
        Await.until(() -> backend.inFlight() == 0, Duration.ofSeconds(30), "the upstream finished the abandoned request");
        HttpResponse<String> r = proxy.send(proxy.request("/echo/after").GET().build());
        assertEquals(200, r.statusCode());
        assertEquals("GET", r.headers().firstValue("X-Method").orElse(null));
    }

    @ParameterizedTest(name = "{0} answered {1}")
    @CsvSource({"POST, 201", "PUT, 200", "PATCH, 202", "DELETE, 200", "POST, 422", "PUT, 500"})
    void methodsWithBodiesPassStatusHeadersAndBodyBothWays(String method, int status) {
        String body = "{\"name\":\"rex\",\"method\":\"" + method + "\",\"x\":\"\u00e9\u20ac\"}";
        HttpResponse<String> r = proxy.send(proxy.request("/echo/pets?m=" + method)
                .header("Content-Type", "application/json; charset=utf-8").header("X-Want-Status", "" + status)
                .method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build());
        assertEquals(status, r.statusCode());
        assertEquals(body, r.body());
        assertEquals(method, r.headers().firstValue("X-Method").orElse(null));
        assertEquals("application/json; charset=utf-8", r.headers().firstValue("Content-Type").orElse(null));
        Backend.Received got = backend.last();
        assertEquals(method, got.method());
        assertEquals("/echo/pets?m=" + method, got.uri());
        assertArrayEquals(body.getBytes(StandardCharsets.UTF_8), got.body());
        assertEquals(String.valueOf(body.getBytes(StandardCharsets.UTF_8).length), got.header("Content-Length"));
        assertEquals("application/json; charset=utf-8", got.header("Content-Type"));
    }

    @Test
    void deleteWithoutBodyAnd204PassThrough() {
        HttpResponse<String> r = proxy.send(proxy.request("/echo/pets/1").header("X-Want-Status", "204").DELETE().build());
        assertEquals(204, r.statusCode());
        assertEquals("", r.body());
        assertEquals("DELETE", backend.last().method());
        assertEquals(0, backend.last().body().length);
    }

    @Test
    void headGetsTheHeadersOfAGetWithoutABody() throws IOException {
        try (RawHttp c = new RawHttp(proxy.port())) {
            c.send("HEAD /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            RawHttp.Response r = c.read(true);
            assertEquals(200, r.status());
            assertEquals(String.valueOf("hello from b1".length()), r.header("Content-Length"));
            assertEquals("b1", r.header("X-Backend"));
            // the connection carries the next request: no body bytes were left behind by the HEAD
            c.send("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            RawHttp.Response g = c.read();
            assertEquals(200, g.status());
            assertEquals("hello from b1", g.bodyText());
        }
        assertEquals("HEAD", backend.received().get(0).method());
    }

    @Test
    void pathAndQueryArriveByteForByte() throws IOException {
        try (RawBackend raw = RawBackend.start(RawBackend.okKeepAlive());
             ProxyUnderTest p = ProxyUnderTest.in(sub("raw-target")).hosts(raw.url()).start()) {
            String[] targets = {
                "/a%2Fb/c%20d?x=%41&y=1+2&z",
                "/%7Euser/%E2%82%AC/x?q=%E2%82%AC&empty=&&flag&a=b=c",
                "/p;v=1/q?x=%2F%3F%23",
                "/?only=query",
                "/trailing/",
                "/double//slash",
            };
            for (String t : targets) {
                HttpResponse<String> r = p.get(t);
                assertEquals(200, r.statusCode(), t);
                String head = raw.heads().get(raw.heads().size() - 1);
                assertEquals("GET " + t + " HTTP/1.1", head.substring(0, head.indexOf("\r\n")), "request line for " + t);
            }
        }
    }

    @Test
    void hopByHopRequestHeadersStayBehindAndEndToEndOnesPass() throws IOException {
        try (RawHttp c = new RawHttp(proxy.port())) {
            c.send("GET /echo/hop HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Connection: keep-alive, X-Drop-Me\r\n"
                    + "X-Drop-Me: secret\r\n"
                    + "Keep-Alive: timeout=5\r\n"
                    + "TE: trailers\r\n"
                    + "Trailer: X-Checksum\r\n"
                    + "Upgrade: foo/1\r\n"
                    + "Proxy-Authorization: Basic cHJveHk6cHc=\r\n"
                    + "Proxy-Connection: keep-alive\r\n"
                    + "X-Keep-Me: yes\r\n"
                    + "Authorization: Bearer token\r\n"
                    + "Cookie: a=b; c=d\r\n"
                    + "Accept-Language: en\r\n\r\n");
            assertEquals(200, c.read().status());
        }
        Backend.Received got = backend.last();
        for (String gone : new String[] {"X-Drop-Me", "Keep-Alive", "TE", "Trailer", "Upgrade", "Proxy-Authorization",
            "Proxy-Connection", "Transfer-Encoding"}) {
            assertFalse(got.has(gone), gone + " reached the upstream: " + got.headers());
        }
        String connection = got.header("Connection");
        assertTrue(connection == null || !connection.toLowerCase().contains("x-drop-me"), connection);
        assertEquals("yes", got.header("X-Keep-Me"));
        assertEquals("Bearer token", got.header("Authorization"));
        assertEquals("a=b; c=d", got.header("Cookie"));
        assertEquals("en", got.header("Accept-Language"));
    }

    @Test
    void hopByHopResponseHeadersStayBehindAndEndToEndOnesPass() throws IOException {
        RawBackend.Behaviour answer = (s, b) -> {
            RawBackend.readHead(s.getInputStream());
            s.getOutputStream().write(("HTTP/1.1 200 OK\r\n"
                    + "Content-Length: 5\r\n"
                    + "Connection: X-Resp-Drop\r\n"
                    + "X-Resp-Drop: secret\r\n"
                    + "Keep-Alive: timeout=5, max=100\r\n"
                    + "Proxy-Authenticate: Basic realm=\"x\"\r\n"
                    + "Proxy-Status: upstream\r\n"
                    + "Trailer: X-Sum\r\n"
                    + "Upgrade: foo/1\r\n"
                    + "X-Resp-Keep: yes\r\n"
                    + "Set-Cookie: s=1; HttpOnly\r\n"
                    + "Set-Cookie: t=2\r\n"
                    + "ETag: \"v1\"\r\n"
                    + "\r\nhello").getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            RawBackend.readHead(s.getInputStream()); // until the proxy closes or sends another request
        };
        try (RawBackend raw = RawBackend.start(answer);
             ProxyUnderTest p = ProxyUnderTest.in(sub("raw-response")).hosts(raw.url()).start();
             RawHttp c = new RawHttp(p.port())) {
            c.send("GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            RawHttp.Response r = c.read();
            assertEquals(200, r.status());
            assertEquals("hello", r.bodyText());
            for (String gone : new String[] {"X-Resp-Drop", "Keep-Alive", "Proxy-Authenticate", "Proxy-Status", "Trailer",
                "Upgrade"}) {
                assertFalse(r.has(gone), gone + " reached the client: " + r.headers().stream().map(h -> h[0] + ": " + h[1]).toList());
            }
            String connection = r.header("Connection");
            assertTrue(connection == null || !connection.toLowerCase().contains("x-resp-drop"), connection);
            assertEquals("yes", r.header("X-Resp-Keep"));
            assertEquals(List.of("s=1; HttpOnly", "t=2"), r.headers("Set-Cookie"));
            assertEquals("\"v1\"", r.header("ETag"));
        }
    }

    @Test
    void xForwardedHeadersDescribeTheClientConnectionAndReplaceIncomingOnes() {
        HttpResponse<String> r = proxy.send(proxy.request("/echo/xf").header("X-Forwarded-For", "6.6.6.6")
                .header("X-Forwarded-Proto", "https").header("X-Forwarded-Host", "evil.example")
                .header("X-Forwarded-Port", "1").header("Forwarded", "for=6.6.6.6;host=evil.example;proto=https")
                .header("X-Forwarded-Prefix", "/admin").header("X-Forwarded-Ssl", "on").header("X-Real-IP", "6.6.6.6")
                .GET().build());
        assertEquals(200, r.statusCode());
        Backend.Received got = backend.last();
        // the client's other claims go too: upstream frameworks read them instead (Spring prefers Forwarded)
        for (String claim : List.of("Forwarded", "X-Forwarded-Prefix", "X-Forwarded-Ssl", "X-Real-IP")) {
            assertEquals(List.of(), got.headers(claim), claim);
        }
        assertEquals(List.of("127.0.0.1"), got.headers("X-Forwarded-For"));
        assertEquals(List.of("http"), got.headers("X-Forwarded-Proto"));
        assertEquals(List.of("127.0.0.1:" + proxy.port()), got.headers("X-Forwarded-Host"));
        assertEquals(List.of(String.valueOf(proxy.port())), got.headers("X-Forwarded-Port"));
    }

    @Test
    void reuseXForwardedAppendsToTheForChainAndKeepsTheOthers() throws IOException {
        try (ProxyUnderTest p = ProxyUnderTest.in(sub("reuse")).hosts(backend.url())
                .value("proxy.reuseXForwarded", true).start()) {
            p.send(p.request("/echo/xf").header("X-Forwarded-For", "203.0.113.7, 10.0.0.1")
                    .header("X-Forwarded-Proto", "https").header("X-Forwarded-Host", "shop.example")
                    .header("X-Forwarded-Port", "443").header("Forwarded", "for=203.0.113.7").GET().build());
            Backend.Received got = backend.last();
            assertEquals(List.of("for=203.0.113.7"), got.headers("Forwarded"), "the hop before is trusted");
            assertEquals(List.of("203.0.113.7, 10.0.0.1, 127.0.0.1"), got.headers("X-Forwarded-For"));
            assertEquals(List.of("https"), got.headers("X-Forwarded-Proto"));
            assertEquals(List.of("shop.example"), got.headers("X-Forwarded-Host"));
            assertEquals(List.of("443"), got.headers("X-Forwarded-Port"));

            p.get("/echo/none");
            got = backend.last();
            assertEquals(List.of("127.0.0.1"), got.headers("X-Forwarded-For"));
            assertEquals(List.of("http"), got.headers("X-Forwarded-Proto"));
            assertEquals(List.of("127.0.0.1:" + p.port()), got.headers("X-Forwarded-Host"));
            assertEquals(List.of(String.valueOf(p.port())), got.headers("X-Forwarded-Port"));

            // RFC 9110 5.3: several X-Forwarded-For lines are one comma-separated list
            try (RawHttp c = new RawHttp(p.port())) {
                c.send("GET /echo/two-lines HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 198.51.100.1\r\n"
                        + "X-Forwarded-For: 198.51.100.2\r\n\r\n");
                assertEquals(200, c.read().status());
            }
            got = backend.last();
            assertEquals("198.51.100.1, 198.51.100.2, 127.0.0.1", String.join(", ", got.headers("X-Forwarded-For")));
        }
    }

    @Test
    void hostIsRewrittenToTheUpstreamByDefault() throws IOException {
        try (RawHttp c = new RawHttp(proxy.port())) {
            c.send("GET /echo/host HTTP/1.1\r\nHost: front.example:8080\r\n\r\n");
            assertEquals(200, c.read().status());
        }
        Backend.Received got = backend.last();
        assertEquals(List.of("127.0.0.1:" + backend.port()), got.headers("Host"));
        assertEquals("front.example:8080", got.header("X-Forwarded-Host"));
    }

    @Test
    void hostIsKeptWithRewriteHostHeaderFalse() throws IOException {
        try (ProxyUnderTest p = ProxyUnderTest.in(sub("keep-host")).hosts(backend.url())
                .value("proxy.rewriteHostHeader", false).start();
             RawHttp c = new RawHttp(p.port())) {
            c.send("GET /echo/host HTTP/1.1\r\nHost: front.example:8080\r\n\r\n");
            assertEquals(200, c.read().status());
        }
        Backend.Received got = backend.last();
        assertEquals(List.of("front.example:8080"), got.headers("Host"));
        assertEquals("front.example:8080", got.header("X-Forwarded-Host"));
    }

    @Test
    void correlationIdAndTraceparentAreForwardedBehindTheCorrelationMiddleware() throws IOException {
        try (ProxyUnderTest p = ProxyUnderTest.in(sub("correlation")).hosts(backend.url())
                .chain("correlation, proxy").start()) {
            HttpResponse<String> generated = p.get("/echo/c1");
            assertEquals(200, generated.statusCode());
            Backend.Received got = backend.last();
            String id = got.header("X-Correlation-Id");
            assertNotNull(id, "a generated id is sent: " + got.headers());
            assertEquals(1, got.headers("X-Correlation-Id").size());
            assertEquals(id, generated.headers().firstValue("X-Correlation-Id").orElse(null));
            String tp = got.header("traceparent");
            assertNotNull(tp, "a new trace is sent: " + got.headers());
            assertTrue(tp.matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01"), tp);

            String incomingTrace = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
            HttpResponse<String> kept = p.send(p.request("/echo/c2").header("X-Correlation-Id", "abc-123")
                    .header("traceparent", incomingTrace).GET().build());
            assertEquals(200, kept.statusCode());
            got = backend.last();
            assertEquals(List.of("abc-123"), got.headers("X-Correlation-Id"));
            assertEquals(List.of("abc-123"), kept.headers().allValues("X-Correlation-Id"));
            List<String> sent = got.headers("traceparent");
            assertEquals(1, sent.size(), sent.toString());
            assertTrue(sent.get(0).startsWith("00-0af7651916cd43dd8448eb211c80319c-"), "same trace: " + sent);
            assertNotEquals(incomingTrace, sent.get(0), "the proxy's own span is the upstream's parent");
        }
    }

    @Test
    void aHeaderSetByMiddlewareAndAnsweredByTheUpstreamReachesTheClientOnce() throws IOException {
        // a Lumen upstream behind a Lumen proxy: both run the correlation middleware and answer X-Correlation-Id
        try (Backend echoing = Backend.http("echoing").respond("/", (ex, r) -> {
                 ex.getResponseHeaders().put(new HttpString("X-Correlation-Id"), r.header("X-Correlation-Id") + "-upstream");
                 ex.getResponseSender().send("ok");
             }).start();
             ProxyUnderTest p = ProxyUnderTest.in(sub("correlation-echo")).hosts(echoing.url())
                     .chain("correlation, proxy").start()) {
            HttpResponse<String> r = p.send(p.request("/x").header("X-Correlation-Id", "id-1").GET().build());
            assertEquals(200, r.statusCode());
            assertEquals(1, r.headers().allValues("X-Correlation-Id").size(), r.headers().map().toString());
        }
    }

    @Test
    void jsonBodyReadByTheBodyMiddlewareIsForwardedIntact() throws IOException {
        StringBuilder big = new StringBuilder("{\"items\":[");
        for (int i = 0; i < 4000; i++) {
            big.append(i == 0 ? "" : ",").append("{\"id\":").append(i).append(",\"name\":\"n\u00e9").append(i).append("\"}");
        }
        String large = big.append("]}").toString();
        String small = "{\"name\":\"rex\",\"tags\":[1,2]}";
        try (ProxyUnderTest p = ProxyUnderTest.in(sub("body")).hosts(backend.url()).chain("body, proxy")
                .file("body.yml", "maxBodySize: 10000000\n").start()) {
            for (String json : new String[] {small, large}) {
                byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
                for (String method : new String[] {"POST", "PUT"}) {
                    for (boolean chunked : new boolean[] {false, true}) {
                        HttpRequest.BodyPublisher publisher = chunked
                                ? HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes))
                                : HttpRequest.BodyPublishers.ofByteArray(bytes);
                        String what = method + (chunked ? " chunked " : " with length ") + bytes.length + " bytes";
                        HttpResponse<String> r = p.send(p.request("/echo/body").header("Content-Type", "application/json")
                                .method(method, publisher).build());
                        assertEquals(200, r.statusCode(), what + ": " + r.body());
                        assertEquals(json, r.body(), what);
                        Backend.Received got = backend.last();
                        assertEquals(method, got.method(), what);
                        assertArrayEquals(bytes, got.body(), what);
                        if (chunked) {
                            assertNull(got.header("Content-Length"), what);
                            assertEquals("chunked", got.header("Transfer-Encoding"), what);
                        } else {
                            assertEquals(String.valueOf(bytes.length), got.header("Content-Length"), what);
                        }
                    }
                }
            }
        }
    }

    @Test
    void malformedJsonIsRefusedByTheBodyMiddlewareAndNeverForwarded() throws IOException {
        try (ProxyUnderTest p = ProxyUnderTest.in(sub("body-bad")).hosts(backend.url()).chain("body, proxy").start()) {
            HttpResponse<String> r = p.send(p.request("/echo/body").header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"name\":")).build());
            assertEquals(400, r.statusCode());
            assertTrue(r.body().contains("ERR10015"), r.body());
        }
        assertEquals(0, backend.count());
    }

    @Test
    void expectContinueIsAnsweredByTheProxyAndTheBodyForwarded() throws IOException {
        try (RawHttp c = new RawHttp(proxy.port())) {
            c.send("POST /echo/continue HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n"
                    + "Expect: 100-continue\r\n\r\n");
            RawHttp.Response interim = c.read();
            assertEquals(100, interim.status(), "100 Continue before the body is sent");
            c.send("hello");
            RawHttp.Response r = c.read();
            assertEquals(200, r.status());
            assertEquals("hello", r.bodyText());
        }
        assertEquals("hello", backend.last().bodyText());
        assertFalse(backend.last().has("Expect"), "the proxy dealt with the expectation itself");
    }

    @Test
    void anAbsoluteFormTargetIsSentInOriginForm() throws IOException {
        try (RawHttp c = new RawHttp(proxy.port())) {
            c.send("GET http://front.example/echo/abs/p%20q?x=1&y=%2F HTTP/1.1\r\nHost: front.example\r\n\r\n");
            assertEquals(200, c.read().status());
        }
        assertEquals("/echo/abs/p%20q?x=1&y=%2F", backend.last().uri());
    }

    @Test
    void anHttp10ClientWithoutHostIsForwarded() throws IOException {
        try (RawHttp c = new RawHttp(proxy.port())) {
            c.send("GET /echo/old HTTP/1.0\r\n\r\n");
            RawHttp.Response r = c.read();
            assertEquals(200, r.status());
            assertTrue(c.closedByPeer(1000), "HTTP/1.0 without keep-alive: closed after the response");
        }
        assertEquals("127.0.0.1:" + backend.port(), backend.last().header("Host"));
    }

    @Test
    void anUpstreamBodyDelimitedByTheConnectionClosingIsForwardedWhole() throws IOException {
        String body = "line of a body without a length\n".repeat(2000);
        RawBackend.Behaviour closeDelimited = (s, b) -> {
            RawBackend.readHead(s.getInputStream());
            s.getOutputStream().write(("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n" + body)
                    .getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            s.close();
        };
        try (RawBackend raw = RawBackend.start(closeDelimited);
             ProxyUnderTest p = ProxyUnderTest.in(sub("close-delimited")).hosts(raw.url()).start()) {
            for (int i = 0; i < 3; i++) {
                HttpResponse<String> r = p.get("/x" + i);
                assertEquals(200, r.statusCode());
                assertEquals(body, r.body());
            }
        }
    }

    @Test
    void aChainOfMiddlewareBeforeTheProxyLeavesRequestAndResponseIntact() throws IOException {
        try (ProxyUnderTest p = ProxyUnderTest.in(sub("full-chain")).hosts(backend.url())
                .chain("exception, correlation, metrics, audit, body, proxy").start()) {
            String json = "{\"pet\":\"rex\"}";
            HttpResponse<String> r = p.send(p.request("/echo/chain?q=1").header("Content-Type", "application/json")
                    .header("X-Want-Status", "201").POST(HttpRequest.BodyPublishers.ofString(json)).build());
            assertEquals(201, r.statusCode(), r.body());
            assertEquals(json, r.body());
            assertTrue(r.headers().firstValue("X-Correlation-Id").isPresent());
            Backend.Received got = backend.last();
            assertEquals("/echo/chain?q=1", got.uri());
            assertEquals(json, got.bodyText());
            assertNotNull(got.header("X-Correlation-Id"));
            assertEquals(r.headers().firstValue("X-Correlation-Id").get(), got.header("X-Correlation-Id"));
        }
    }

    @Test
    void sequentialRequestsReuseTheUpstreamConnection() throws IOException {
        try (Backend fresh = Backend.http("fresh").respond("/echo", ForwardingTest::echo).start();
             ProxyUnderTest p = ProxyUnderTest.in(sub("reuse-connections")).hosts(fresh.url()).start()) {
            for (int i = 0; i < 10; i++) {
                assertEquals(200, p.get("/get/" + i).statusCode());
                HttpResponse<String> r = p.send(p.request("/echo/" + i).POST(HttpRequest.BodyPublishers.ofString("b" + i)).build());
                assertEquals("b" + i, r.body());
                assertEquals(200, p.send(p.request("/echo/" + i).method("HEAD", HttpRequest.BodyPublishers.noBody()).build()).statusCode());
            }
            assertEquals(30, fresh.count());
            assertTrue(fresh.connectionsSeen() <= ProxyUnderTest.IO_THREADS,
                    "one kept-alive connection per IO thread at most: " + fresh.connectionsSeen());
        }
    }
}
