package io.lumen.web.resource;

import io.lumen.config.ConfigException;
import io.lumen.testkit.TestService;
import io.lumen.testkit.core.Await;
import io.lumen.web.encode.Bodies;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Small files answered from memory: the same answers as the resource handler gives (a location over
 * the same folder with the memory cache off is the reference), preconditions, HEAD and ranges, and
 * edits and deletions seen once the validity has passed.
 */
class SmallFilesTest {
    private static final List<String> HEADERS = List.of("Content-Type", "Content-Length", "ETag", "Last-Modified",
            "Accept-Ranges", "Cache-Control", "Content-Encoding", "Vary");

    @TempDir
    static Path dir;
    static Path site;
    static TestService service;
    static byte[] gz;

    @BeforeAll
    static void start() throws IOException {
        site = Files.createDirectories(dir.resolve("site"));
        Files.writeString(site.resolve("data.json"), "{\"small\": true}");
        Files.writeString(site.resolve("page.unknownext"), "?");
        Files.write(site.resolve("large.bin"), Bodies.text(200_000));
        Files.writeString(site.resolve("app.js"), "console.log(1);".repeat(50));
        gz = Bodies.gzip("console.log(1);".repeat(50).getBytes(StandardCharsets.UTF_8));
        Files.write(site.resolve("app.js.gz"), gz);
        String folder = site.toString().replace("\\", "/");
        service = TestService.in(dir.resolve("config")).file("handler.yml", """
                paths:
                  - {path: '/m/*', method: GET, exec: [static]}
                  - {path: '/d/*', method: GET, exec: [static]}
                  - {path: '/m/*', method: HEAD, exec: [static]}
                  - {path: '/d/*', method: HEAD, exec: [static]}
                """).file("static.yml", """
                locations:
                  - {prefix: /m, folder: '%1$s', memoryCacheValidity: 100}
                  - {prefix: /d, folder: '%1$s', memoryCacheMaxFileSize: 0}
                """.formatted(folder)).start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static HttpResponse<byte[]> send(String method, String path, String... headers) {
        HttpRequest.Builder b = service.request(path).method(method, HttpRequest.BodyPublishers.noBody());
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        try {
            return TestService.HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static HttpResponse<byte[]> get(String path, String... headers) {
        return send("GET", path, headers);
    }

    private static void assertSameAnswer(HttpResponse<byte[]> reference, HttpResponse<byte[]> kept) {
        assertEquals(reference.statusCode(), kept.statusCode());
        // a 404's error JSON names the request path, which differs by the location's prefix only
        assertEquals(new String(reference.body(), StandardCharsets.ISO_8859_1).replace("/d/", "/m/"),
                new String(kept.body(), StandardCharsets.ISO_8859_1));
        for (String h : HEADERS) {
            assertEquals(reference.headers().allValues(h), kept.headers().allValues(h), h);
        }
    }

    @Test
    void keptFilesAnswerWhatTheResourceHandlerAnswers() {
        for (String file : List.of("/data.json", "/page.unknownext", "/large.bin", "/nothing-here.txt")) {
            HttpResponse<byte[]> reference = get("/d" + file);
            for (int i = 0; i < 3; i++) { // the first read loads the file, the next ones come from memory
                assertSameAnswer(reference, get("/m" + file));
            }
        }
        assertEquals("application/json", get("/m/data.json").headers().firstValue("Content-Type").orElseThrow());
        assertEquals(404, get("/m/nothing-here.txt").statusCode());
    }

    @Test
    void preconditionsHeadAndRangesFromMemory() {
        HttpResponse<byte[]> first = get("/m/data.json");
        String etag = first.headers().firstValue("ETag").orElseThrow();
        String modified = first.headers().firstValue("Last-Modified").orElseThrow();
        assertEquals(304, get("/m/data.json", "If-None-Match", etag).statusCode());
        assertEquals(304, get("/m/data.json", "If-Modified-Since", modified).statusCode());
        assertEquals(412, get("/m/data.json", "If-Match", "\"not-it\"").statusCode());
        assertEquals(200, get("/m/data.json", "If-Match", etag).statusCode());
        HttpResponse<byte[]> head = send("HEAD", "/m/data.json");
        assertEquals(200, head.statusCode());
        assertEquals(0, head.body().length);
        assertEquals("15", head.headers().firstValue("Content-Length").orElseThrow());
        HttpResponse<byte[]> range = get("/m/data.json", "Range", "bytes=2-6");
        assertEquals(206, range.statusCode());
        assertEquals("small", new String(range.body(), StandardCharsets.UTF_8));
    }

    @Test
    void precompressedSiblingsStillReachClientsThatAcceptThem() {
        for (int i = 0; i < 3; i++) {
            HttpResponse<byte[]> r = get("/m/app.js", "Accept-Encoding", "gzip");
            assertEquals("gzip", r.headers().firstValue("Content-Encoding").orElse(null));
            assertArrayEquals(gz, r.body(), "the .gz sibling itself");
        }
        assertEquals("console.log(1);".repeat(50), new String(get("/m/app.js").body(), StandardCharsets.UTF_8));
    }

    @Test
    void editsAndDeletionsShowOnceTheValidityHasPassed() throws IOException {
        Path file = site.resolve("edited.txt");
        Files.writeString(file, "first");
        assertEquals("first", new String(get("/m/edited.txt").body(), StandardCharsets.UTF_8));
        Files.writeString(file, "second version");
        Await.until(() -> new String(get("/m/edited.txt").body(), StandardCharsets.UTF_8).equals("second version"),
                Duration.ofSeconds(30), "the edited file served");
        assertEquals("14", get("/m/edited.txt").headers().firstValue("Content-Length").orElseThrow());
        Files.delete(file);
        Await.until(() -> get("/m/edited.txt").statusCode() == 404, Duration.ofSeconds(30), "the deleted file gone");
    }

    @Test
    void badMemoryCacheSettingsFailStartupWithFileAndKey(@TempDir Path bad) {
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(bad)
                .file("handler.yml", "paths:\n  - {path: '/m/*', method: GET, exec: [static]}\n")
                .file("static.yml", "locations:\n  - prefix: /m\n    folder: .\n    memoryCacheEntries: -1\n").start().close());
        assertTrue(e.getMessage().contains("static.yml") && e.getMessage().contains("memoryCacheEntries"), e.getMessage());
    }
}
