package io.lumen.handler.body;

import io.lumen.config.ConfigException;
import io.lumen.handler.testing.TestService;
import io.lumen.testkit.raw.RawHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BodyHandlerTest {
    private static final int MAX = 300_000;

    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = TestService.in(dir)
                .file("body.yml", "maxBodySize: " + MAX + "\nmaxParts: 3\n")
                .file("handler.yml", """
                        handlers:
                          - io.lumen.handler.body.ShowBody@show
                          - io.lumen.handler.body.ReadAgain@again
                          - io.lumen.handler.body.Fails@fails
                        paths:
                          - {path: /show, method: POST, exec: [body, show]}
                          - {path: /again, method: POST, exec: [body, again]}
                          - {path: /fails, method: POST, exec: [body, fails]}
                          - {path: /plain, method: GET, exec: [show]}
                        """)
                .start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static HttpResponse<String> post(String path, String contentType, String body) {
        return service.send(service.request(path).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    @Test
    void jsonBodyIsParsedIntoATreeForLaterHandlers() {
        HttpResponse<String> r = post("/show", "application/json", "{\"name\":\"rex\",\"tags\":[1,2]}");
        assertEquals(200, r.statusCode());
        assertEquals("json rex {\"name\":\"rex\",\"tags\":[1,2]}", r.body());
    }

    @Test
    void structuredJsonSuffixIsParsedAsJson() {
        HttpResponse<String> r = post("/show", "application/merge-patch+json; charset=utf-8", "{\"name\":\"x\"}");
        assertEquals("json x {\"name\":\"x\"}", r.body());
    }

    private static String part(String disposition, String contentType, String content) {
        return "--b1\r\nContent-Disposition: form-data; " + disposition + (contentType == null ? "" : "\r\nContent-Type: " + contentType)
                + "\r\n\r\n" + content + "\r\n";
    }

    @Test
    void multipartBodyIsSplitIntoFieldsAndFilesWithinMaxParts() {
        HttpResponse<String> r = post("/show", "multipart/form-data; boundary=b1", part("name=\"title\"", null, "été")
                + part("name=\"file\"; filename=\"a.csv\"", "text/csv", "x,y") + "--b1--\r\n");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("parts title=null:null:été file=a.csv:text/csv:x,y", r.body());
        // body.yml maxParts: 3
        HttpResponse<String> many = post("/show", "multipart/form-data; boundary=b1", part("name=\"a\"", null, "1")
                + part("name=\"b\"", null, "2") + part("name=\"c\"", null, "3") + part("name=\"d\"", null, "4") + "--b1--\r\n");
        assertEquals(400, many.statusCode(), many.body());
        assertTrue(many.body().contains("ERR10015") && many.body().contains("more than 3 parts (body.yml maxParts)"), many.body());
        HttpResponse<String> noBoundary = post("/show", "multipart/form-data", part("name=\"a\"", null, "1") + "--b1--\r\n");
        assertTrue(noBoundary.statusCode() == 400 && noBoundary.body().contains("no boundary parameter"), noBoundary.body());
        HttpResponse<String> unnamed = post("/show", "multipart/form-data; boundary=b1", part("filename=\"x\"", null, "1") + "--b1--\r\n");
        assertTrue(unnamed.statusCode() == 400 && unnamed.body().contains("has no Content-Disposition"), unnamed.body());
    }

    @Test
    void formBodyIsDecodedIntoFieldsWithAllValues() {
        HttpResponse<String> r = post("/show", "application/x-www-form-urlencoded",
                "a=1&b=hello+world&a=%C3%A9t%C3%A9&empty");
        assertEquals("form {a=[1, été], b=[hello world], empty=[]}", r.body());
    }

    @Test
    void textBodyIsDecodedWithItsCharset() {
        byte[] latin1 = "café".getBytes(StandardCharsets.ISO_8859_1);
        HttpResponse<String> r = service.send(service.request("/show")
                .header("Content-Type", "text/plain; charset=ISO-8859-1")
                .POST(HttpRequest.BodyPublishers.ofByteArray(latin1)).build());
        assertEquals("text text/plain café", r.body());
    }

    @Test
    void malformedJsonIs400WithWhatAndWhereButNoStackTrace() {
        HttpResponse<String> r = post("/show", "application/json", "{\"name\": \"rex\",}");
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("\"code\":\"ERR10015\""), r.body());
        assertTrue(r.body().contains("line 1, column"), r.body());
        assertTrue(!r.body().contains("at com.fasterxml") && !r.body().contains("Exception"), r.body());
    }

    @Test
    void trailingGarbageAfterJsonIsMalformed() {
        HttpResponse<String> r = post("/show", "application/json", "{\"name\":1} x");
        assertEquals(400, r.statusCode());
    }

    @Test
    void aKeyTwiceInOneObjectIsMalformedNotTheLastValueSilently() {
        // a validator that checks the last "role" while the service behind reads the first is bypassed
        HttpResponse<String> r = post("/show", "application/json", "{\"role\": \"admin\", \"n\": {\"role\": 1}, \"role\": \"user\"}");
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("\"code\":\"ERR10015\"") && r.body().contains("the key 'role' appears twice"), r.body());
        assertEquals(200, post("/show", "application/json", "{\"name\": 1, \"n\": {\"name\": 2}}").statusCode(),
                "the same key in different objects is fine");
    }

    @Test
    void emptyBodyPassesWithoutAttachment() {
        HttpResponse<String> r = post("/show", "application/json", "");
        assertEquals(200, r.statusCode());
        assertEquals("none", r.body());
    }

    @Test
    void otherContentTypesPassUnreadAndStayReadable() {
        HttpResponse<String> r = post("/again", "application/octet-stream", "binary-ish");
        assertEquals("binary-ish", r.body());
        assertEquals("false", r.headers().firstValue("X-Parsed").orElseThrow());
    }

    @Test
    void nextHandlerReadsTheSameJsonBytesAgain() {
        String json = "{\"name\":\"rex\",\"n\":[1,2,3]}";
        HttpResponse<String> r = post("/again", "application/json", json);
        assertEquals(200, r.statusCode());
        assertEquals(json, r.body());
        assertEquals("true", r.headers().firstValue("X-Parsed").orElseThrow());
    }

    @Test
    void nextHandlerReadsTheSameLargeTextBytesAgain() {
        byte[] text = new byte[200 * 1024];
        for (int i = 0; i < text.length; i++) {
            text[i] = (byte) ('a' + i % 26);
        }
        HttpResponse<byte[]> r = sendBytes("/again", "text/plain", text, false);
        assertEquals(200, r.statusCode());
        assertArrayEquals(text, r.body());
        assertEquals("true", r.headers().firstValue("X-Parsed").orElseThrow());
    }

    @Test
    void chunkedBodyWithinTheLimitIsReadAndReadableAgain() {
        byte[] text = "chunked text ".repeat(5000).getBytes(StandardCharsets.UTF_8);
        HttpResponse<byte[]> r = sendBytes("/again", "text/plain", text, true);
        assertEquals(200, r.statusCode());
        assertArrayEquals(text, r.body());
    }

    @Test
    void failureOfALaterHandlerAfterAnAsynchronousReadBecomesTheErrorJson() {
        byte[] text = new byte[250 * 1024];
        Arrays.fill(text, (byte) 'x');
        HttpResponse<byte[]> r = sendBytes("/fails", "text/plain", text, true);
        assertEquals(500, r.statusCode());
        String body = new String(r.body(), StandardCharsets.UTF_8);
        assertTrue(body.contains("ERR10010") && !body.contains("on purpose"), body);
    }

    @Test
    void contentLengthOverTheMaximumIs413AtOnceWithoutReadingTheBody() throws IOException {
        try (Socket s = socket()) {
            OutputStream out = s.getOutputStream();
            out.write(("POST /show HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 500000000\r\n\r\n{\"name\":").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String response = readUntilClosed(s.getInputStream());
            assertTrue(response.startsWith("HTTP/1.1 413"), response);
            assertTrue(response.contains("ERR10068"), response);
            assertTrue(response.toLowerCase().contains("connection: close"), response);
        }
        assertEquals(200, service.get("/plain").statusCode(), "the server still answers");
    }

    @Test
    void chunkedBodyOverTheMaximumIs413AsSoonAsItIsExceeded() throws IOException {
        try (Socket s = socket()) {
            OutputStream out = s.getOutputStream();
            out.write(("POST /show HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = new byte[50_000];
            Arrays.fill(chunk, (byte) 'z');
            for (int i = 0; i < 7; i++) { // 350 KB > MAX; the terminating chunk is never sent
                out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(chunk);
                out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            out.flush();
            // answered at once; the connection stays open to read and throw away the rest (RequestBodies)
            RawHttp.Response response = readOne(s);
            assertEquals(413, response.status());
            assertTrue(response.bodyText().contains("ERR10068"), response.bodyText());
        }
        assertEquals(200, service.get("/plain").statusCode(), "the server still answers");
    }

    private static RawHttp.Response readOne(Socket s) throws IOException {
        String head = "";
        InputStream in = s.getInputStream();
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        while (!head.endsWith("\r\n\r\n")) {
            got.write(in.read());
            head = got.toString(StandardCharsets.ISO_8859_1);
        }
        int length = 0;
        List<String[]> headers = new ArrayList<>();
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.add(new String[] {line.substring(0, colon).trim(), line.substring(colon + 1).trim()});
                if (line.toLowerCase().startsWith("content-length:")) {
                    length = Integer.parseInt(line.substring(15).trim());
                }
            }
        }
        return new RawHttp.Response(Integer.parseInt(head.substring(9, 12)), headers,
                in.readNBytes(length));
    }

    @Test
    void maxBodySizeBelowOneIsAConfigError(@TempDir Path other) {
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(other)
                .file("body.yml", "enabled: true\nmaxBodySize: 0\n")
                .file("handler.yml", "handlers: [io.lumen.handler.body.ShowBody@show]\n"
                        + "paths:\n  - {path: /x, method: POST, exec: [body, show]}\n")
                .start());
        assertTrue(e.getMessage().contains("body.yml:") && e.getMessage().contains("maxBodySize must be"), e.getMessage());
    }

    private static HttpResponse<byte[]> sendBytes(String path, String type, byte[] body, boolean chunked) {
        HttpRequest.BodyPublisher publisher = chunked
                ? HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))
                : HttpRequest.BodyPublishers.ofByteArray(body);
        try {
            return TestService.HTTP.send(service.request(path).header("Content-Type", type).POST(publisher).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Socket socket() throws IOException {
        Socket s = new Socket("127.0.0.1", service.service().httpPort());
        s.setSoTimeout(5000);
        return s;
    }

    /** Everything the server sends until it closes the connection; a timeout fails the test. */
    private static String readUntilClosed(InputStream in) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        try {
            int n;
            while ((n = in.read(buf)) >= 0) {
                got.write(buf, 0, n);
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("no close within 5 s; got: " + got.toString(StandardCharsets.UTF_8), e);
        } catch (SocketException e) {
            // a reset after the response is fine: the server closed with unread data
        }
        return got.toString(StandardCharsets.UTF_8);
    }
}
