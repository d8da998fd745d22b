package io.lumen.web.encode;

import io.lumen.config.ConfigException;
import io.lumen.testkit.TestService;
import io.lumen.testkit.raw.RawHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Response compression through real HTTP: what is compressed, with which coding, and what is not. */
class EncodeHandlerTest {
    private static final String HANDLER_YML = """
            handlers:
              - io.lumen.web.encode.Bodies@bodies
            paths:
              - {path: /body, method: GET, exec: [encode, bodies]}
            """;

    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = TestService.in(dir).file("handler.yml", HANDLER_YML).start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static HttpResponse<byte[]> get(String pathAndQuery, String acceptEncoding) {
        HttpRequest.Builder b = service.request(pathAndQuery).GET();
        if (acceptEncoding != null) {
            b.header("Accept-Encoding", acceptEncoding);
        }
        try {
            return TestService.HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] gunzip(byte[] data) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(data))) {
            return in.readAllBytes();
        }
    }

    @Test
    void jsonIsGzippedForAClientThatAcceptsItWithVaryAndNoLength() throws IOException {
        HttpResponse<byte[]> r = get("/body?size=10000", "gzip, deflate");
        assertEquals(200, r.statusCode());
        assertEquals("gzip", r.headers().firstValue("Content-Encoding").orElse(null));
        assertEquals("Accept-Encoding", r.headers().firstValue("Vary").orElse(null));
        assertTrue(r.body().length < 10000 / 3, "compressed to " + r.body().length);
        assertArrayEquals(Bodies.text(10000), gunzip(r.body()));
    }

    @Test
    void qValuesChooseTheCoding() throws IOException {
        HttpResponse<byte[]> r = get("/body?size=5000", "gzip;q=0.2, deflate;q=0.9");
        assertEquals("deflate", r.headers().firstValue("Content-Encoding").orElse(null));
        try (InflaterInputStream in = new InflaterInputStream(new ByteArrayInputStream(r.body()))) {
            assertArrayEquals(Bodies.text(5000), in.readAllBytes());
        }
        assertEquals("gzip", get("/body?size=5000", "deflate;q=0.5, gzip;q=0.8, br").headers()
                .firstValue("Content-Encoding").orElse(null));
        assertEquals("gzip", get("/body?size=5000", "*").headers().firstValue("Content-Encoding").orElse(null),
                "* takes the server's first choice");
    }

    @Test
    void aClientThatTakesNoCodingGetsTheIdentityBodyStillWithVary() {
        for (String accept : new String[] {null, "identity", "br", "gzip;q=0, deflate;q=0", "*;q=0"}) {
            HttpResponse<byte[]> r = get("/body?size=5000", accept);
            assertEquals(200, r.statusCode(), "Accept-Encoding " + accept);
            assertFalse(r.headers().firstValue("Content-Encoding").isPresent(), "Accept-Encoding " + accept);
            assertArrayEquals(Bodies.text(5000), r.body(), "Accept-Encoding " + accept);
            assertEquals("Accept-Encoding", r.headers().firstValue("Vary").orElse(null), "Accept-Encoding " + accept);
        }
    }

    @Test
    void smallOtherTypeRangeNoTransformAndBodilessResponsesAreNotCompressed() {
        String[] queries = {"size=1023", "size=5000&type=image/png", "size=5000&type=application/octet-stream",
                "size=5000&status=206&contentRange=bytes%200-4999/9000", "size=5000&cacheControl=no-transform",
                "size=0"};
        for (String q : queries) {
            HttpResponse<byte[]> r = get("/body?" + q, "gzip");
            assertFalse(r.headers().firstValue("Content-Encoding").isPresent(), q);
            assertEquals(Integer.parseInt(q.replaceAll("^size=(\\d+).*", "$1")), r.body().length, q);
        }
        HttpResponse<byte[]> exact = get("/body?size=1024", "gzip");
        assertEquals("gzip", exact.headers().firstValue("Content-Encoding").orElse(null), "the minimum itself qualifies");
    }

    @Test
    void textJavaScriptCssAndSvgAreCompressedByDefault() {
        for (String type : new String[] {"text/html;charset=utf-8", "text/css", "text/javascript",
                "application/javascript", "image/svg+xml", "application/problem+json"}) {
            HttpResponse<byte[]> r = get("/body?size=4000&type=" + type.replace("+", "%2B"), "gzip");
            assertEquals("gzip", r.headers().firstValue("Content-Encoding").orElse(null), type);
        }
    }

    @Test
    void anAlreadyEncodedResponseIsNeverCompressedTwice() throws IOException {
        HttpResponse<byte[]> r = get("/body?size=8000&gzipped=true", "gzip");
        assertEquals(1, r.headers().allValues("Content-Encoding").size());
        assertArrayEquals(Bodies.text(8000), gunzip(r.body()), "one gunzip gives the original");
    }

    @Test
    void aStrongEtagBecomesWeakOnTheCompressedBodyOnly() {
        assertEquals("W/\"v1\"", get("/body?size=5000&etag=%22v1%22", "gzip").headers().firstValue("ETag").orElse(null));
        assertEquals("\"v1\"", get("/body?size=5000&etag=%22v1%22", null).headers().firstValue("ETag").orElse(null));
    }

    @Test
    void headGetsTheHeadersOfTheCompressedGetAndNoBody() throws IOException {
        int port = service.service().httpUri().orElseThrow().getPort();
        try (RawHttp raw = new RawHttp(port)) {
            raw.send("HEAD /body?size=5000 HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n");
            RawHttp.Response r = raw.read(true);
            assertEquals(200, r.status());
            assertEquals("gzip", r.header("Content-Encoding"));
            raw.send("GET /body?size=3000 HTTP/1.1\r\nHost: x\r\nAccept-Encoding: GZIP;Q=1.0\r\n\r\n");
            RawHttp.Response g = raw.read();
            assertEquals("gzip", g.header("Content-Encoding"), "codings and q are case-insensitive");
            assertTrue(Arrays.equals(Bodies.text(3000), gunzip(g.body())));
        }
    }

    @Test
    void badConfigFailsStartupWithFileAndLine(@TempDir Path bad) {
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(bad).file("handler.yml", HANDLER_YML)
                .file("response-encode.yml", "enabled: true\nencoders: [gzip, br]\n").start().close());
        assertTrue(e.getMessage().contains("response-encode.yml:") && e.getMessage().contains("encoders"), e.getMessage());
        ConfigException unknown = assertThrows(ConfigException.class, () -> TestService.in(bad)
                .file("handler.yml", HANDLER_YML).file("response-encode.yml", "minimumSize: 10\nminSize: 5\n").start().close());
        assertTrue(unknown.getMessage().contains("response-encode.yml:2") && unknown.getMessage().contains("minSize"),
                unknown.getMessage());
        ConfigException type = assertThrows(ConfigException.class, () -> TestService.in(bad)
                .file("handler.yml", HANDLER_YML).file("response-encode.yml", "level: fast\n").start().close());
        assertTrue(type.getMessage().contains("response-encode.yml:1"), type.getMessage());
    }
}
