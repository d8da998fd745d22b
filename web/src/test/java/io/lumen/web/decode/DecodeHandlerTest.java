package io.lumen.web.decode;

import io.lumen.config.ConfigException;
import io.lumen.testkit.TestService;
import io.lumen.testkit.raw.RawHttp;
import io.lumen.web.encode.Bodies;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.zip.DeflaterOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Compressed request bodies through real HTTP, the hostile ones included. */
class DecodeHandlerTest {
    private static final String HANDLER_YML = """
            handlers:
              - io.lumen.web.decode.Echo@echo
            paths:
              - {path: /echo, method: POST, exec: [decode, body, echo]}
            """;

    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = TestService.in(dir).file("handler.yml", HANDLER_YML)
                .file("request-decode.yml", "maxDecodedSize: 200000\n")
                .file("body.yml", "maxBodySize: 1000000\ncontentTypes: [application/octet-stream]\n").start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static HttpResponse<String> post(byte[] body, String coding) {
        HttpRequest.Builder b = service.request("/echo").header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (coding != null) {
            b.header("Content-Encoding", coding);
        }
        return service.send(b.build());
    }

    private static String expected(byte[] plain) throws Exception {
        return plain.length + " " + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(plain)) + " null";
    }

    private static byte[] deflate(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream d = new DeflaterOutputStream(out)) {
            d.write(data);
        }
        return out.toByteArray();
    }

    @Test
    void gzipAndDeflateBodiesReachTheHandlerInflatedWithoutTheCodingHeader() throws Exception {
        byte[] plain = Bodies.text(150_000);
        HttpResponse<String> gz = post(Bodies.gzip(plain), "gzip");
        assertEquals(200, gz.statusCode(), gz.body());
        assertEquals(expected(plain), gz.body());
        HttpResponse<String> df = post(deflate(plain), "Deflate");
        assertEquals(200, df.statusCode(), df.body());
        assertEquals(expected(plain), df.body());
        assertEquals(expected(plain), post(plain, null).body(), "an identity body passes untouched");
        assertEquals(expected(plain), post(plain, "identity").body());
    }

    @Test
    void theFirstRequestOfAnH2cUpgradeIsDecodedToo() throws Exception {
        byte[] plain = Bodies.text(40_000);
        HttpClient fresh = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_2).build(); // a new connection: upgrade on the first request
        HttpResponse<String> r = TestService.send(fresh, service.request("/echo").header("Content-Type",
                "application/octet-stream").header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(Bodies.gzip(plain))).build());
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(expected(plain), r.body());
        assertEquals(HttpClient.Version.HTTP_2, r.version(), "upgraded");
    }

    @Test
    void aZipBombIs413WithTheErrorJsonNotMemory() {
        byte[] bomb = Bodies.gzip(new byte[50_000_000]); // 50 MB of zeros: about 50 KB on the wire
        assertTrue(bomb.length < 100_000, "bomb " + bomb.length);
        HttpResponse<String> r = post(bomb, "gzip");
        assertEquals(413, r.statusCode(), r.body());
        assertTrue(r.body().contains("\"code\":\"ERR10068\"") && r.body().contains("200000"), r.body());
    }

    @Test
    void aChunkedZipBombOnARawConnectionIs413AndTheConnectionAnswersAgain() throws IOException {
        byte[] bomb = Bodies.gzip(new byte[20_000_000]);
        int port = service.service().httpUri().orElseThrow().getPort();
        try (RawHttp raw = new RawHttp(port, 10_000)) {
            ByteArrayOutputStream req = new ByteArrayOutputStream();
            req.write(("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\n"
                    + "Content-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + Integer.toHexString(bomb.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            req.write(bomb);
            req.write("\r\n0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            raw.send(req.toByteArray());
            RawHttp.Response r = raw.read();
            assertEquals(413, r.status(), r.bodyText());
            assertTrue(r.bodyText().contains("ERR10068"), r.bodyText());
        }
    }

    @Test
    void dataThatDoesNotInflateIs400() {
        byte[] notGzip = "this is not gzip at all, just text".getBytes(StandardCharsets.US_ASCII);
        HttpResponse<String> r = post(notGzip, "gzip");
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("\"code\":\"ERR19200\"") && r.body().contains("gzip"), r.body());
        byte[] gz = Bodies.gzip(Bodies.text(5000));
        byte[] corrupt = gz.clone();
        for (int i = 20; i < 60; i++) {
            corrupt[i] = (byte) 0xff;
        }
        HttpResponse<String> c = post(corrupt, "gzip");
        assertEquals(400, c.statusCode(), c.body());
        assertTrue(c.body().contains("ERR19200"), c.body());
        HttpResponse<String> d = post(notGzip, "deflate");
        assertEquals(400, d.statusCode(), d.body());
    }

    @Test
    void aTruncatedGzipBodyIsNotTakenAsComplete() {
        byte[] gz = Bodies.gzip(Bodies.text(50_000));
        HttpResponse<String> r = post(Arrays.copyOf(gz, gz.length / 2), "gzip");
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("ERR19200"), r.body());
    }

    @Test
    void anotherCodingIs415() {
        for (String coding : new String[] {"br", "compress", "gzip, gzip", "zstd"}) {
            HttpResponse<String> r = post(new byte[] {1, 2, 3}, coding);
            assertEquals(415, r.statusCode(), coding);
            assertTrue(r.body().contains("\"code\":\"ERR19201\""), r.body());
        }
    }

    @Test
    void badConfigFailsStartupWithFileAndLine(@TempDir Path bad) {
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(bad).file("handler.yml", HANDLER_YML)
                .file("request-decode.yml", "enabled: true\nmaxDecodedSize: lots\n").start().close());
        assertTrue(e.getMessage().contains("request-decode.yml:2"), e.getMessage());
        ConfigException unknown = assertThrows(ConfigException.class, () -> TestService.in(bad)
                .file("handler.yml", HANDLER_YML).file("request-decode.yml", "decoders: [gzip]\nmaxSize: 5\n").start().close());
        assertTrue(unknown.getMessage().contains("request-decode.yml:2") && unknown.getMessage().contains("maxSize"),
                unknown.getMessage());
    }
}
