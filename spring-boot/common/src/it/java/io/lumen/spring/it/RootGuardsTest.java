package io.lumen.spring.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The root guards in front of Lumen's router inside Spring's Undertow: Lumen-answered body failures are
 * the same 413/408 error JSON as in a standalone service, a body Spring reads is never held to a
 * Lumen middleware's limit, and framing Undertow lets through is refused before Spring sees it.
 * Own context: body.yml's maxBodySize 64 KiB, a 1 s body idle timeout.
 */
class RootGuardsTest {
    private static final int MAX_BODY = 64 * 1024;
    static ConfigurableApplicationContext app;
    static int port;

    @BeforeAll
    static void start() {
        app = Apps.start(Apps.dir("lumen-it"), "body.maxBodySize=" + MAX_BODY,
                "server.requestBodyIdleTimeout=1000", "server.undertow.max-http-post-size=16MB", "test.maxBody=16000000");
        port = Apps.uri(app, "/").getPort();
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    @Test
    void chunkedBodyOverTheBodyMiddlewaresLimitIs413ErrorJsonAndTheConnectionIsReused() throws Exception {
        byte[] body = BodyIdentityTest.jsonArray(2 * MAX_BODY / 1024, 100);
        try (Socket s = connect()) {
            StringBuilder chunked = new StringBuilder("POST /echo/body HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n");
            s.getOutputStream().write(chunked.toString().getBytes(StandardCharsets.US_ASCII));
            for (int off = 0; off < body.length; off += 8192) {
                int n = Math.min(8192, body.length - off);
                s.getOutputStream().write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().write(body, off, n);
                s.getOutputStream().write("\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            s.getOutputStream().write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            Response tooLarge = Response.read(s.getInputStream());
            assertEquals(413, tooLarge.status, tooLarge.toString());
            assertEquals("ERR10068", tooLarge.json().get("code").asText());

            s.getOutputStream().write("GET /mw/spring HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            Response next = Response.read(s.getInputStream());
            assertEquals(200, next.status, "the same connection serves the next request: " + next);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/echo/body", "/echo/validated"})
    void aBodyThatStopsArrivingIs408ErrorJson(String path) throws Exception {
        try (Socket s = connect()) {
            s.getOutputStream().write(("POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 1000\r\n\r\n[\"abc\"").getBytes(StandardCharsets.US_ASCII));
            Response r = Response.read(s.getInputStream()); // the socket's own timeout bounds the wait
            assertEquals(408, r.status, r.toString());
            assertEquals("ERR19004", r.json().get("code").asText());
            assertTrue(r.head.toLowerCase(Locale.ROOT).contains("connection: close"), r.head);
        }
        assertEquals(0, app.getBean(SpringCalls.class).count(path), "Spring never saw the request");
    }

    @Test
    void springReadsABodyLargerThanTheBodyMiddlewaresLimitWhereThatMiddlewareDoesNotRun() throws Exception {
        byte[] body = BodyIdentityTest.jsonArray(4 * MAX_BODY / 1024, 100);
        for (HttpRequest.BodyPublisher publisher : new HttpRequest.BodyPublisher[] {
                HttpRequest.BodyPublishers.ofByteArray(body),
                HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))}) { // chunked
            HttpResponse<String> r = Http.post(Apps.uri(app, "/echo/plain"), publisher, "Content-Type", "application/json");
            assertEquals(200, r.statusCode(), r.body());
            assertEquals(BodyIdentityTest.sha256(body), StarterTest.JSON.readTree(r.body()).get("sha256").asText());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/echo/plain", "/echo/unrouted"})
    void aBodyWhoseLengthCannotBeDeterminedIsRefusedAndTheConnectionClosed(String path) throws Exception {
        try (Socket s = connect()) {
            s.getOutputStream().write(("POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: identity\r\n\r\n[1]").getBytes(StandardCharsets.US_ASCII));
            Response r = Response.read(s.getInputStream());
            assertEquals(400, r.status, r.toString());
            assertEquals("ERR19002", r.json().get("code").asText());
            assertEquals(-1, s.getInputStream().read(), "the connection is closed");
        }
    }

    /**
     * A request target that is not a path (OPTIONS's asterisk, CONNECT's host:port) cannot be mapped to
     * a servlet: Undertow's servlet layer throws (UT000068) and the answer was a 500. It gets the 404
     * the standalone service answers, and the connection carries on.
     */
    @ParameterizedTest
    @ValueSource(strings = {"OPTIONS *", "CONNECT example.com:443"})
    void aRequestTargetThatIsNotAPathIs404ErrorJsonNotA500(String line) throws Exception {
        try (Socket s = connect()) {
            String host = line.startsWith("CONNECT") ? "example.com:443" : "x";
            s.getOutputStream().write((line + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            Response r = Response.read(s.getInputStream());
            assertEquals(404, r.status, r.toString());
            assertEquals("ERR10048", r.json().get("code").asText(), r.toString());
            if (line.startsWith("OPTIONS")) {
                s.getOutputStream().write("GET /mw/spring HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                assertEquals(200, Response.read(s.getInputStream()).status, "the same connection serves the next request");
            }
        }
    }

    private static Socket connect() throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        s.setSoTimeout(15_000);
        return s;
    }

    /** One HTTP/1.1 response with a Content-Length body, read from a raw socket. */
    private record Response(int status, String head, String body) {
        static Response read(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int last4 = 0;
            int c;
            while ((last4 & 0xFFFFFFFF) != 0x0D0A0D0A && (c = in.read()) >= 0) {
                head.write(c);
                last4 = (last4 << 8) | c;
            }
            String h = head.toString(StandardCharsets.ISO_8859_1);
            if (h.isEmpty()) {
                throw new IOException("the connection closed without a response");
            }
            int length = 0;
            for (String line : h.split("\r\n")) {
                if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                    length = Integer.parseInt(line.substring(15).trim());
                }
            }
            String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
            return new Response(Integer.parseInt(h.substring(9, 12)), h, body);
        }

        JsonNode json() throws IOException {
            return StarterTest.JSON.readTree(body);
        }
    }
}
