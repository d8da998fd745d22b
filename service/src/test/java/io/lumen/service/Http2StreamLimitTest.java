package io.lumen.service;

import io.lumen.handler.testing.TestService;
import io.lumen.testkit.raw.RawH2;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** http2MaxConcurrentStreams is advertised in SETTINGS and enforced with REFUSED_STREAM. */
class Http2StreamLimitTest {
    private static final int MAX = 5;

    @TempDir
    static Path dir;
    static TestService svc;

    @BeforeAll
    static void start() {
        svc = TestService.in(dir)
                .file("server.yml", "ip: 127.0.0.1\nhttp2MaxConcurrentStreams: " + MAX + "\n")
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

    @Test
    void theLimitIsAdvertisedAndAStreamBeyondItIsRefusedWhileTheOthersGoOn() throws IOException {
        try (RawH2 h2 = new RawH2(svc.service().httpPort(), 5000)) {
            assertEquals(MAX, h2.setting(RawH2.SETTINGS_MAX_CONCURRENT_STREAMS));
            for (int i = 0; i < MAX; i++) { // uploads that stay open: each waits for its body
                h2.headers(1 + 2 * i, "POST", "/receive", false, "content-type", "text/plain");
            }
            int extra = 1 + 2 * MAX;
            h2.headers(extra, "POST", "/receive", false, "content-type", "text/plain");
            RawH2.Frame refused = h2.await(f -> f.type() == RawH2.RST_STREAM || f.type() == RawH2.GOAWAY);
            assertEquals(RawH2.RST_STREAM, refused.type());
            assertEquals(extra, refused.stream());
            assertEquals(RawH2.REFUSED_STREAM, refused.errorCode());

            h2.data(1, "done".getBytes(), true); // one finishes: its answer comes, and a new stream fits again
            RawH2.Frame answer = h2.await(f -> f.type() == RawH2.HEADERS);
            assertEquals(1, answer.stream());
            assertEquals(200, answer.indexedStatus());
            h2.await(f -> f.type() == RawH2.DATA && f.stream() == 1 && f.endStream());
            int next = extra + 2;
            h2.headers(next, "GET", "/receive", true);
            RawH2.Frame again = h2.await(f -> f.type() == RawH2.HEADERS || f.type() == RawH2.RST_STREAM);
            assertEquals(RawH2.HEADERS, again.type(), "the freed slot is usable");
            assertEquals(next, again.stream());
        }
    }
}
