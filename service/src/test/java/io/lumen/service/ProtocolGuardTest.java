package io.lumen.service;

import io.lumen.handler.testing.TestService;
import io.lumen.testkit.raw.RawHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Framing that RFC 9112 says a server must refuse and then close, and HTTP versions Lumen does not speak. */
class ProtocolGuardTest {
    @TempDir
    static Path dir;
    static TestService svc;

    @BeforeAll
    static void start() {
        svc = TestService.in(dir)
                .file("server.yml", "ip: 127.0.0.1\nrequestHeaderTimeout: 600\n")
                .file("handler.yml", """
                        handlers:
                          - io.lumen.handler.testing.ReceiveHandler@receive
                        paths:
                          - {path: /receive, method: POST, exec: [receive]}
                          - {path: /receive, method: GET, exec: [receive]}
                        """)
                .start();
    }

    @AfterAll
    static void stop() {
        svc.close();
    }

    private static RawHttp.Response refusedAndClosed(String request, int status, String code) throws IOException {
        try (RawHttp c = new RawHttp(svc.service().httpPort(), 5000)) {
            c.send(request + "GET /receive HTTP/1.1\r\nHost: x\r\n\r\n"); // a pipelined request that must not be served
            RawHttp.Response r = c.read();
            assertEquals(status, r.status(), r.bodyText());
            assertTrue(r.bodyText().contains("\"code\":\"" + code + "\""), r.bodyText());
            assertEquals("close", r.header("Connection"));
            assertTrue(c.closedByPeer(2000), "the bytes after a refused framing are never read as a request");
            return r;
        }
    }

    @Test
    void aTransferEncodingThatIsNotChunkedIs400AndClosesTheConnection() throws IOException {
        String body = "5\r\nhello\r\n0\r\n\r\n";
        for (String te : new String[] {"xchunked", "chunked, identity", "identity", "chunked, chunked"}) {
            RawHttp.Response r = refusedAndClosed("POST /receive HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: " + te
                    + "\r\n\r\n" + body, 400, "ERR19002");
            assertTrue(r.bodyText().contains("Transfer-Encoding") || r.bodyText().contains("chunked"), r.bodyText());
        }
    }

    @Test
    void identityWithoutContentLengthIsRefusedAtOnceInsteadOfReadUntilTheConnectionCloses() throws IOException {
        long start = System.nanoTime();
        refusedAndClosed("POST /receive HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\n\r\n{}", 400, "ERR19002");
        assertTrue(System.nanoTime() - start < 3_000_000_000L, "no wait for the client to close");
    }

    @Test
    void anH2cUpgradeWithASettingsHeaderThatDoesNotDecodeIs400WithTheErrorJsonNotABare500() throws IOException {
        String upgrade = "GET /receive HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n";
        try (RawHttp c = new RawHttp(svc.service().httpPort(), 5000)) {
            for (String settings : new String[] {"HTTP2-Settings: !!!\r\n", "HTTP2-Settings: AAMAAABk\r\nHTTP2-Settings: AAMAAABk\r\n"}) {
                c.send(upgrade + settings + "\r\n");
                RawHttp.Response r = c.read();
                assertEquals(400, r.status(), r.bodyText());
                assertTrue(r.bodyText().contains("\"code\":\"ERR19002\""), r.bodyText());
            }
            c.send("GET /receive HTTP/1.1\r\nHost: x\r\n\r\n");
            assertEquals("got 0 bytes", c.read().bodyText(), "the connection still serves HTTP/1.1");
        }
        try (RawHttp c = new RawHttp(svc.service().httpPort(), 5000)) {
            c.send(upgrade + "HTTP2-Settings: AAMAAABk\r\n\r\n");
            assertEquals(101, c.read().status(), "a valid upgrade still switches");
        }
    }

    @Test
    void aCodingBeforeChunkedIsNotImplemented() throws IOException {
        refusedAndClosed("POST /receive HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
                501, "ERR19005");
    }

    @Test
    void transferEncodingInAnHttp10RequestIsRefused() throws IOException {
        refusedAndClosed("POST /receive HTTP/1.0\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                400, "ERR19002");
    }

    @Test
    void http09IsAnswered505() throws IOException {
        try (RawHttp c = new RawHttp(svc.service().httpPort(), 5000)) {
            c.send("GET /receive HTTP/0.9\r\nHost: x\r\n\r\n");
            RawHttp.Response r = c.read();
            assertEquals(505, r.status());
            assertTrue(r.bodyText().contains("\"code\":\"ERR19003\""), r.bodyText());
        }
    }

    @Test
    void plainChunkedBodiesAndPipelinedRequestsStillWork() throws IOException {
        try (RawHttp c = new RawHttp(svc.service().httpPort(), 5000)) {
            c.send("POST /receive HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
                    + "GET /receive HTTP/1.1\r\nHost: x\r\n\r\n");
            assertEquals("got 5 bytes", c.read().bodyText());
            assertEquals("got 0 bytes", c.read().bodyText());
        }
    }

    @Test
    void aRequestWhoseHeadersTrickleInIsClosedAfterRequestHeaderTimeout() throws Exception {
        try (RawHttp c = new RawHttp(svc.service().httpPort(), 10_000)) {
            long start = System.nanoTime();
            c.send("GET /receive HTTP/1.1\r\nHost: x\r\n");
            boolean closed = false;
            for (int i = 0; i < 40 && !closed; i++) { // one header line every 150 ms: never idle, never done
                try {
                    c.send("X-Slow-" + i + ": 1\r\n");
                } catch (IOException e) {
                    closed = true;
                    break;
                }
                closed = c.closedByPeer(150);
            }
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(closed, "a slowloris connection is closed");
            assertTrue(ms >= 500 && ms < 4000, "closed after " + ms + " ms (requestHeaderTimeout 600)");
        }
    }
}
