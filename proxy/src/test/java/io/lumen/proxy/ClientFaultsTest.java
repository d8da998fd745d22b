package io.lumen.proxy;

import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ErrorJson;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.testkit.core.Pace;
import io.lumen.testkit.raw.RawH2;
import io.lumen.testkit.raw.RawHttp;
import io.undertow.util.Headers;
import io.undertow.util.SameThreadExecutor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xnio.channels.StreamSinkChannel;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client's mistakes and slowness are the client's: they never eject a healthy upstream, a slow
 * upload is not a 504, and stalls in either direction are bounded by the idle timeout (Envoy's model).
 */
class ClientFaultsTest {

    private static void assertUpstreamStillServes(ProxyUnderTest p) {
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> r = p.get("/after");
            assertEquals(200, r.statusCode(), "the upstream was not ejected: " + r.body());
        }
    }

    @Test
    void http2StreamsWhoseDataContradictsContentLengthDoNotEjectTheUpstream(@TempDir Path dir) throws IOException {
        try (Backend b = Backend.http("b").start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).start();
             RawH2 h2 = new RawH2(p.port(), 5000)) {
            int stream = 1;
            for (int i = 0; i < 5; i++, stream += 2) { // shorter than declared
                h2.headers(stream, "POST", "/short", false, "content-length", "10", "content-type", "text/plain");
                h2.data(stream, "12345".getBytes(), true);
                int id = stream;
                h2.await(f -> f.stream() == id && (f.type() == RawH2.RST_STREAM || f.endStream()));
            }
            for (int i = 0; i < 5; i++, stream += 2) { // longer than declared
                h2.headers(stream, "POST", "/long", false, "content-length", "3", "content-type", "text/plain");
                h2.data(stream, "12345678901234567890".getBytes(), true);
                int id = stream;
                h2.await(f -> f.stream() == id && (f.type() == RawH2.RST_STREAM || f.endStream()));
            }
            assertUpstreamStillServes(p);
        }
    }

    @Test
    void aSlowUploadIsNotCutByMaxRequestTimeWhichStartsOnceTheRequestIsSent(@TempDir Path dir) throws Exception {
        try (Backend b = Backend.http("b").start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).value("proxy.maxRequestTime", 300).start();
             RawHttp c = new RawHttp(p.port(), 10_000)) {
            c.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\n");
            for (int i = 0; i < 10; i++) {
                c.send("x");
                Pace.slowSender(Duration.ofMillis(100)); // the client's pace: 1 s in all, more than maxRequestTime
            }
            RawHttp.Response r = c.read();
            assertEquals(200, r.status(), r.bodyText());
            assertEquals("xxxxxxxxxx", b.last().bodyText());
        }
    }

    @Test
    void aStalledUploadIs408AndDoesNotCountAgainstTheUpstream(@TempDir Path dir) throws IOException {
        try (Backend b = Backend.http("b").start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).value("server.requestBodyIdleTimeout", 300).start()) {
            for (int i = 0; i < 4; i++) {
                try (RawHttp c = new RawHttp(p.port(), 10_000)) {
                    c.send("POST /stall HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nabc");
                    RawHttp.Response r = c.read();
                    assertEquals(408, r.status(), r.bodyText());
                    assertTrue(r.bodyText().contains("\"code\":\"ERR19004\""), r.bodyText());
                }
            }
            assertUpstreamStillServes(p);
        }
    }

    @Test
    void aDownloadThatStopsIsCutAfterStreamIdleTimeout(@TempDir Path dir) throws IOException {
        try (Backend b = Backend.http("b").raw("/stuck", ex -> {
                 ex.getResponseHeaders().put(Headers.CONTENT_LENGTH, 100);
                 StreamSinkChannel out = ex.getResponseChannel();
                 out.write(ByteBuffer.wrap("0123456789".getBytes()));
                 out.flush();
                 ex.dispatch(SameThreadExecutor.INSTANCE, () -> { }); // never ended: 90 bytes never come
             }).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).value("proxy.streamIdleTimeout", 400).start();
             RawHttp c = new RawHttp(p.port(), 10_000)) {
            long start = System.nanoTime();
            c.send("GET /stuck HTTP/1.1\r\nHost: x\r\n\r\n");
            byte[] got = c.readToEnd();
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(new String(got).startsWith("HTTP/1.1 200"), new String(got));
            assertTrue(ms >= 350 && ms < 3000, "cut after " + ms + " ms");
        }
    }

    @Test
    void aRequestNeverAnsweredWithinTheIdleTimeoutWaitsForMaxRequestTimeOnly(@TempDir Path dir) {
        try (Backend b = Backend.http("b").respond("/", Backend.slow(900, () -> "late")).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).value("proxy.streamIdleTimeout", 300)
                     .value("proxy.maxRequestTime", 3000).start()) {
            HttpResponse<String> r = p.get("/thinking");
            assertEquals(200, r.statusCode(), "waiting for the answer is maxRequestTime's, not idle: " + r.body());
        }
    }

    @Test
    void aSizedBodyOverTheLimitIs413AndNeverReachesTheUpstream(@TempDir Path dir) {
        try (Backend b = Backend.http("b").start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).value("server.maxTransferFileSize", 1000).start()) {
            HttpResponse<String> r = p.send(p.request("/big").POST(HttpRequest.BodyPublishers.ofString("x".repeat(5000))).build());
            ErrorJson.assertError(r, 413, "ERR10068");
            assertEquals(0, b.count());
        }
    }

    @Test
    void xForwardedPortIsTheListenersPortNotTheHostHeaders(@TempDir Path dir) throws IOException {
        try (Backend b = Backend.http("b").start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(b.url()).start();
             RawHttp c = new RawHttp(p.port())) {
            c.send("GET /where HTTP/1.1\r\nHost: example.com:9999\r\n\r\n");
            assertEquals(200, c.read().status());
            assertEquals(String.valueOf(p.port()), b.last().header("X-Forwarded-Port"));
            assertEquals("example.com:9999", b.last().header("X-Forwarded-Host"));
        }
    }
}
