package io.lumen.service;

import io.lumen.handler.testing.TestService;
import io.lumen.server.RequestBodies;
import io.lumen.testkit.core.Pace;
import io.lumen.testkit.raw.RawH2;
import io.lumen.testkit.raw.RawHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Request bodies whoever reads them (Undertow's receiver, a blocking stream, the body middleware):
 * Expect: 100-continue, the size limit answered 413 with the connection kept, and the idle timeout.
 */
class RequestBodiesTest {
    private static final int LIMIT = 10_000;
    private static final int IDLE_MS = 400;

    @TempDir
    static Path dir;
    static TestService svc;

    @BeforeAll
    static void start() {
        svc = TestService.in(dir)
                .file("server.yml", "ip: 127.0.0.1\nmaxTransferFileSize: " + LIMIT + "\nrequestBodyIdleTimeout: " + IDLE_MS + "\n")
                .file("body.yml", "maxBodySize: " + LIMIT + "\ncontentTypes: [application/octet-stream, text/*]\n")
                .file("handler.yml", """
                        handlers:
                          - io.lumen.handler.testing.ReceiveHandler@receive
                          - io.lumen.handler.testing.BlockingReadHandler@blockingRead
                          - io.lumen.handler.testing.RefuseHandler@refuse
                          - io.lumen.handler.body.ShowBody@show
                        paths:
                          - {path: /receive, method: POST, exec: [receive]}
                          - {path: /blocking, method: POST, exec: [exception, blockingRead]}
                          - {path: /body, method: POST, exec: [exception, body, show]}
                          - {path: /refuse, method: POST, exec: [refuse]}
                          - {path: /receive, method: GET, exec: [receive]}
                        """)
                .start();
    }

    @AfterAll
    static void stop() {
        svc.close();
    }

    private static int port() {
        return svc.service().httpPort();
    }

    private static String sized(String path, int length) {
        return "POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: "
                + length + "\r\n\r\n";
    }

    private static byte[] chunked(String path, int length) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        for (int sent = 0; sent < length; sent += 4096) {
            int n = Math.min(4096, length - sent);
            out.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(new byte[n]);
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    private static void assertError(RawHttp.Response r, int status, String code) {
        assertEquals(status, r.status(), r.bodyText());
        assertTrue(r.header("Content-Type").startsWith("application/json"), r.header("Content-Type"));
        assertTrue(r.bodyText().contains("\"code\":\"" + code + "\""), r.bodyText());
    }

    @Test
    void expectContinueIsAnswered100WhenTheHandlerReadsTheBody() throws IOException {
        for (String path : new String[] {"/receive", "/blocking", "/body"}) {
            try (RawHttp c = new RawHttp(port(), 5000)) {
                c.send("POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n"
                        + "Expect: 100-continue\r\n\r\n");
                assertEquals(100, c.read().status(), path);
                c.send("hello");
                RawHttp.Response r = c.read();
                assertEquals(200, r.status(), path + ": " + r.bodyText());
            }
        }
    }

    @Test
    void expectContinueGetsTheFinalStatusInsteadWhenTheChainRefusesWithoutReading() throws IOException {
        try (RawHttp c = new RawHttp(port(), 5000)) {
            c.send("POST /refuse HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n");
            RawHttp.Response r = c.read();
            assertError(r, 401, "ERR10002");
            assertTrue(c.closedByPeer(2000), "the announced body may or may not come: the connection is closed");
        }
        try (RawHttp c = new RawHttp(port(), 5000)) {
            c.send(sized("/receive", LIMIT + 1).replace("\r\n\r\n", "\r\nExpect: 100-continue\r\n\r\n"));
            assertError(c.read(), 413, "ERR10068"); // not 100: the declared length is already too large
        }
    }

    @Test
    void aSizedBodyOverTheLimitIs413WithTheErrorJsonWhoeverReadsIt() throws IOException {
        for (String path : new String[] {"/receive", "/blocking", "/body"}) {
            try (RawHttp c = new RawHttp(port(), 5000)) {
                c.send(sized(path, LIMIT + 500)).send(new byte[LIMIT + 500]);
                RawHttp.Response first = c.read();
                assertError(first, 413, "ERR10068");
                c.send(sized(path, 3) + "abc");
                RawHttp.Response again = c.read();
                assertEquals(200, again.status(), path + ": the small excess was read and the connection reused");
            }
        }
    }

    @Test
    void aChunkedBodyOverTheLimitIs413AndTheConnectionIsReused() throws IOException {
        for (String path : new String[] {"/receive", "/blocking", "/body"}) {
            try (RawHttp c = new RawHttp(port(), 5000)) {
                c.send(chunked(path, 3 * LIMIT));
                RawHttp.Response first = c.read();
                assertError(first, 413, "ERR10068");
                c.send(chunked(path, 100));
                RawHttp.Response again = c.read();
                assertEquals(200, again.status(), path + ": " + again.bodyText());
            }
        }
    }

    @Test
    void anHttp2BodyOverTheLimitIsAnsweredNotReset() throws IOException {
        try (RawH2 h2 = new RawH2(port(), 5000)) {
            h2.headers(1, "POST", "/receive", false, "content-type", "application/octet-stream");
            for (int i = 0; i < 3; i++) {
                h2.data(1, new byte[5000], i == 2); // 15000 bytes, no content-length: counted as they come
            }
            RawH2.Frame answer = h2.await(f -> f.stream() == 1
                    && (f.type() == RawH2.HEADERS || f.type() == RawH2.RST_STREAM));
            assertEquals(RawH2.HEADERS, answer.type(), "an answer (413), not a reset");
            RawH2.Frame body = h2.await(f -> f.stream() == 1 && f.type() == RawH2.DATA);
            assertTrue(new String(body.payload()).contains("ERR10068"), new String(body.payload()));
        }
    }

    @Test
    void aBodyFarOverTheLimitIsAnswered413AndTheConnectionClosed() throws IOException {
        int declared = LIMIT + (int) RequestBodies.DISCARD_LIMIT + 1;
        try (RawHttp c = new RawHttp(port(), 5000)) {
            c.send(sized("/receive", declared));
            RawHttp.Response r = c.read();
            assertError(r, 413, "ERR10068");
            assertEquals("close", r.header("Connection"));
            assertTrue(c.closedByPeer(2000));
        }
    }

    @Test
    void aStalledBodyIsAnswered408AndTheConnectionClosed() throws IOException {
        for (String path : new String[] {"/receive", "/blocking", "/body"}) {
            try (RawHttp c = new RawHttp(port(), 10_000)) {
                long start = System.nanoTime();
                c.send(sized(path, 100)).send(new byte[10]);
                RawHttp.Response r = c.read();
                long ms = (System.nanoTime() - start) / 1_000_000;
                assertError(r, 408, "ERR19004");
                assertTrue(ms >= IDLE_MS - 50 && ms < 5000, path + " answered after " + ms + " ms");
                assertTrue(c.closedByPeer(2000), path);
            }
        }
    }

    @Test
    void aBodyThatBreaksOffIs400NotAnAnswerAsIfItHadBeenRead() throws IOException {
        // before: the receiver and the body middleware ended the exchange as if the body had been read
        // (200, no body), a blocking read became 500 ERR10010
        for (String path : new String[] {"/receive", "/blocking", "/body"}) {
            try (RawHttp c = new RawHttp(port(), 5000)) {
                c.send(sized(path, 100)).send(new byte[10]).finishSending();
                RawHttp.Response r = c.read();
                assertError(r, 400, "ERR19002");
                assertEquals("close", r.header("Connection"), path);
            }
        }
        try (RawHttp c = new RawHttp(port(), 5000)) { // and the server goes on
            c.send(sized("/receive", 3) + "abc");
            assertEquals("got 3 bytes", c.read().bodyText());
        }
    }

    @Test
    void aSlowButSteadyBodyIsNotCut() throws Exception {
        try (RawHttp c = new RawHttp(port(), 10_000)) {
            c.send(sized("/receive", 8));
            for (int i = 0; i < 8; i++) {
                c.send(new byte[] {'x'});
                Pace.slowSender(Duration.ofMillis(IDLE_MS / 3)); // the client's pace, not a wait for the server
            }
            RawHttp.Response r = c.read();
            assertEquals(200, r.status(), r.bodyText());
            assertEquals("got 8 bytes", r.bodyText());
        }
    }

    @Test
    void aRequestWithoutABodyIsUntouched() throws IOException {
        try (RawHttp c = new RawHttp(port(), 5000)) {
            c.send("GET /receive HTTP/1.1\r\nHost: x\r\n\r\nGET /receive HTTP/1.1\r\nHost: x\r\n\r\n");
            assertEquals("got 0 bytes", c.read().bodyText());
            assertEquals("got 0 bytes", c.read().bodyText());
            assertFalse(c.closedByPeer(200));
        }
    }
}
