package io.lumen.spring.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code @RequestBody} receives exactly the bytes sent, whether Lumen's body middleware read them
 * ({@code /echo/body}), the validator read them itself ({@code /echo/validated}), nothing in the
 * chain read them ({@code /echo/plain}) or no route matched ({@code /echo/unrouted}).
 */
class BodyIdentityTest extends AppTestBase {

    @ParameterizedTest
    @ValueSource(strings = {"/echo/body", "/echo/validated", "/echo/plain", "/echo/unrouted"})
    void emptyBody(String path) throws Exception {
        assertEcho(path, new byte[0], false);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/echo/body", "/echo/validated", "/echo/plain", "/echo/unrouted"})
    void smallBody(String path) throws Exception {
        assertEcho(path, jsonArray(3, 5), false);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/echo/body", "/echo/validated", "/echo/plain", "/echo/unrouted"})
    void multiMegabyteBody(String path) throws Exception {
        assertEcho(path, jsonArray(3 * 1024, 1000), false);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/echo/body", "/echo/validated", "/echo/plain", "/echo/unrouted"})
    void chunkedBody(String path) throws Exception {
        assertEcho(path, jsonArray(2 * 1024, 1000), true);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/echo/body", "/echo/validated", "/echo/plain", "/echo/unrouted"})
    void expectContinueGets100ThenTheSameBytes(String path) throws Exception {
        for (byte[] body : new byte[][] {jsonArray(2, 10), jsonArray(1024, 1000)}) {
            Http.ContinueExchange r = Http.postExpectContinue(port, path, body);
            assertTrue(r.interim().startsWith("HTTP/1.1 100"), r.interim());
            assertTrue(r.response().startsWith("HTTP/1.1 200"), r.response());
            assertTrue(r.response().contains("\"sha256\":\"" + sha256(body) + "\""), r.response());
            assertTrue(r.response().contains("\"length\":" + body.length), r.response());
        }
    }

    @Test
    void expectContinueRefusedWithoutReadingGetsTheFinalStatusInsteadOf100() throws Exception {
        Http.ContinueExchange r = Http.postExpectContinue(port, "/echo/secured", jsonArray(1, 10));
        assertTrue(r.interim().startsWith("HTTP/1.1 401"), r.interim());
        assertEquals(0, springCalls.count("/echo/secured"));
    }

    @Test
    void expectContinueWithATokenGets100ThenTheBodyPassesTheChain() throws Exception {
        byte[] body = jsonArray(64, 100);
        String token = DevKey.token("read:pets", "c");
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(20_000);
            s.getOutputStream().write(("POST /echo/secured HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Authorization: Bearer " + token + "\r\nContent-Length: " + body.length
                    + "\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            byte[] head = new byte[25];
            int n = s.getInputStream().readNBytes(head, 0, 25);
            assertTrue(new String(head, 0, n, StandardCharsets.US_ASCII).startsWith("HTTP/1.1 100"));
            s.getOutputStream().write(body);
            String rest = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(rest.contains("HTTP/1.1 200") && rest.contains(sha256(body)), rest);
        }
    }

    private void assertEcho(String path, byte[] body, boolean chunked) throws Exception {
        HttpRequest.BodyPublisher publisher = chunked
                ? HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)) // no length: chunked
                : HttpRequest.BodyPublishers.ofByteArray(body);
        HttpResponse<String> r = Http.post(uri(path), publisher, "Content-Type", "application/json");
        assertEquals(200, r.statusCode(), r.body());
        JsonNode echo = JSON.readTree(r.body());
        assertEquals(body.length, echo.get("length").asInt());
        assertEquals(sha256(body), echo.get("sha256").asText());
    }

    /** A JSON array of {@code kib} KiB of strings of {@code width} characters: valid for the validator's schema. */
    static byte[] jsonArray(int kib, int width) {
        StringBuilder b = new StringBuilder("[");
        int i = 0;
        while (b.length() < kib * 1024) {
            b.append(i++ == 0 ? "" : ",").append('"');
            for (int c = 0; c < width; c++) {
                b.append((char) ('a' + (c + i) % 26));
            }
            b.append('"');
        }
        return b.append(']').toString().getBytes(StandardCharsets.UTF_8);
    }

    static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }
}
