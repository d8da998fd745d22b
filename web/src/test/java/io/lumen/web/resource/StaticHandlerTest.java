package io.lumen.web.resource;

import io.lumen.config.ConfigException;
import io.lumen.testkit.TestService;
import io.lumen.testkit.raw.RawHttp;
import io.lumen.web.encode.Bodies;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Static files and a single-page app through real HTTP, hostile paths included. */
class StaticHandlerTest {
    private static final String SECRET = "TOP-SECRET-OUTSIDE-THE-ROOT";
    private static final String INDEX = "<!doctype html><title>spa</title>";
    private static final String HANDLER_YML = """
            paths:
              - {path: /app, method: GET, exec: [static]}
              - {path: '/app/*', method: GET, exec: [static]}
              - {path: '/cp/*', method: GET, exec: [resource]}
            """;

    @TempDir
    static Path dir;
    static TestService service;
    static byte[] big;

    @BeforeAll
    static void start() throws IOException {
        Path site = Files.createDirectories(dir.resolve("site"));
        Files.writeString(dir.resolve("secret.txt"), SECRET);
        Files.writeString(site.resolve("index.html"), INDEX);
        Files.writeString(site.resolve("app.3f9a1c2e.js"), "console.log('app');".repeat(100));
        Files.write(site.resolve("app.3f9a1c2e.js.gz"), Bodies.gzip("console.log('app');".repeat(100).getBytes()));
        Files.writeString(site.resolve("style.css"), "body{}");
        Files.write(site.resolve("style.css.br"), new byte[] {11, 2, (byte) 128, 98, 111, 100, 121, 123, 125, 3});
        Files.createDirectories(site.resolve("docs"));
        Files.writeString(site.resolve("docs/index.html"), "docs");
        big = Bodies.text(100_000);
        Files.write(site.resolve("big.json"), big);
        Files.createSymbolicLink(site.resolve("link-out.txt"), dir.resolve("secret.txt"));
        Files.createSymbolicLink(site.resolve("outside"), dir);
        service = TestService.in(dir.resolve("config")).file("handler.yml", HANDLER_YML).file("static.yml", """
                locations:
                  - prefix: /app
                    folder: %s
                    spa: true
                    apiPrefixes: [/app/api]
                    cacheControl: {/: no-cache, /docs: 'public, max-age=60'}
                  - prefix: /cp
                    classpath: static-test
                """.formatted(site.toString().replace("\\", "/"))).start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static HttpResponse<byte[]> get(String path, String... headers) {
        HttpRequest.Builder b = service.request(path).GET();
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        try {
            return TestService.HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static String text(HttpResponse<byte[]> r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    @Test
    void theIndexFileWithValidatorsAndTheLocationsCacheControl() {
        HttpResponse<byte[]> r = get("/app/");
        assertEquals(200, r.statusCode());
        assertEquals(INDEX, text(r));
        assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"));
        assertEquals("no-cache", r.headers().firstValue("Cache-Control").orElse(null));
        assertTrue(r.headers().firstValue("ETag").orElseThrow().startsWith("\""), "a strong ETag");
        assertTrue(r.headers().firstValue("Last-Modified").isPresent());
        assertEquals("public, max-age=60", get("/app/docs/").headers().firstValue("Cache-Control").orElse(null));
    }

    @Test
    void conditionalRequestsAnswer304() {
        HttpResponse<byte[]> first = get("/app/docs/index.html");
        String etag = first.headers().firstValue("ETag").orElseThrow();
        String modified = first.headers().firstValue("Last-Modified").orElseThrow();
        assertEquals(304, get("/app/docs/index.html", "If-None-Match", etag).statusCode());
        assertEquals(304, get("/app/docs/index.html", "If-Modified-Since", modified).statusCode());
        assertEquals(200, get("/app/docs/index.html", "If-None-Match", "\"other\"").statusCode());
    }

    @Test
    void rangesAreServedAsPartialContent() {
        HttpResponse<byte[]> r = get("/app/big.json", "Range", "bytes=100-199");
        assertEquals(206, r.statusCode());
        assertEquals("bytes 100-199/100000", r.headers().firstValue("Content-Range").orElse(null));
        assertArrayEquals(Arrays.copyOfRange(big, 100, 200), r.body());
        assertEquals(416, get("/app/big.json", "Range", "bytes=200000-").statusCode());
    }

    @Test
    void hashedAssetsAreImmutableAndPrecompressedSiblingsAreServed() throws IOException {
        Path site = dir.resolve("site");
        HttpResponse<byte[]> gz = get("/app/app.3f9a1c2e.js", "Accept-Encoding", "gzip");
        assertEquals(200, gz.statusCode());
        assertEquals("gzip", gz.headers().firstValue("Content-Encoding").orElse(null));
        assertArrayEquals(Files.readAllBytes(site.resolve("app.3f9a1c2e.js.gz")), gz.body());
        assertEquals("public, max-age=31536000, immutable", gz.headers().firstValue("Cache-Control").orElse(null));
        assertTrue(gz.headers().firstValue("Content-Type").orElseThrow().contains("javascript"));
        assertEquals("Accept-Encoding", gz.headers().firstValue("Vary").orElse(null));
        HttpResponse<byte[]> plain = get("/app/app.3f9a1c2e.js");
        assertFalse(plain.headers().firstValue("Content-Encoding").isPresent());
        assertArrayEquals(Files.readAllBytes(site.resolve("app.3f9a1c2e.js")), plain.body());
        HttpResponse<byte[]> br = get("/app/style.css", "Accept-Encoding", "gzip, br");
        assertEquals("br", br.headers().firstValue("Content-Encoding").orElse(null));
        assertArrayEquals(Files.readAllBytes(site.resolve("style.css.br")), br.body());
    }

    @Test
    void theSpaFallbackAnswersPagesButNeverFilesOrApiPaths() {
        HttpResponse<byte[]> page = get("/app/orders/42");
        assertEquals(200, page.statusCode());
        assertEquals(INDEX, text(page));
        assertEquals("no-cache", page.headers().firstValue("Cache-Control").orElse(null));
        for (String path : new String[] {"/app/missing.png", "/app/api/orders", "/app/api"}) {
            HttpResponse<byte[]> r = get(path);
            assertEquals(404, r.statusCode(), path);
            assertTrue(text(r).contains("\"code\":\"ERR19202\""), text(r));
            assertFalse(r.headers().firstValue("Cache-Control").isPresent(), path);
        }
    }

    @Test
    void aDirectoryWithoutItsSlashIsRedirected() {
        HttpResponse<byte[]> r = get("/app/docs");
        assertTrue(r.statusCode() == 301 || r.statusCode() == 302, "status " + r.statusCode());
        assertTrue(r.headers().firstValue("Location").orElseThrow().endsWith("/app/docs/"),
                r.headers().firstValue("Location").orElseThrow());
    }

    @Test
    void classpathLocationsAreServed() {
        HttpResponse<byte[]> r = get("/cp/hello.txt");
        assertEquals(200, r.statusCode());
        assertEquals("hello from the classpath\n", text(r));
        assertEquals(404, get("/cp/nothing.txt").statusCode());
    }

    @Test
    void pathParametersAreNotPartOfTheFileName() {
        // Undertow (and light-4j's PathResourceHandler on it) drops ;params from the path a file is looked up by
        HttpResponse<byte[]> session = get("/app/docs/index.html;jsessionid=0A1B2C");
        assertEquals(200, session.statusCode());
        assertEquals(200, get("/app;jsessionid=0A1B2C/docs/index.html").statusCode());
        assertEquals(200, get("/app/docs;v=2/index.html;x=1").statusCode());
    }

    @Test
    void hostilePathsNeverLeaveTheRoot() throws IOException {
        String[] paths = {"/app/../secret.txt", "/app/%2e%2e/secret.txt", "/app/%2E%2E/%2E%2E/etc/passwd",
                "/app/.%2e/secret.txt", "/app//etc/passwd", "/app/..%5csecret.txt", "/app/%5c..%5csecret.txt",
                "/app/docs/..%2f..%2fsecret.txt", "/app/a%00b", "/app/link-out.txt", "/app/outside/secret.txt",
                "/app/./index.html", "/cp/../static-test/hello.txt", "/cp/%2e%2e/io/lumen/web/resource/StaticHandlerTest.class",
                "/app/%252e%252e/secret.txt", "/app/\\..\\secret.txt", "/app/..;/secret.txt", "/app/%2e%2e;x=1/secret.txt",
                "/app/..;jsessionid=1/secret.txt", "/app/docs;x/..;/..;/secret.txt"};
        int port = service.service().httpUri().orElseThrow().getPort();
        for (String path : paths) {
            try (RawHttp raw = new RawHttp(port)) {
                raw.send("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n");
                RawHttp.Response r = raw.read();
                String body = r.bodyText();
                assertFalse(body.contains(SECRET) || body.contains("root:") || body.contains("CAFEBABE"), path + ": " + body);
                assertTrue(r.status() == 400 || r.status() == 404, path + " answered " + r.status() + ": " + body);
            }
        }
    }

    @Test
    void badConfigFailsStartupWithFileAndLine(@TempDir Path bad) {
        ConfigException both = assertThrows(ConfigException.class, () -> TestService.in(bad).file("handler.yml", HANDLER_YML)
                .file("static.yml", "locations:\n  - prefix: /app\n    folder: .\n    classpath: x\n").start().close());
        assertTrue(both.getMessage().contains("static.yml:") && both.getMessage().contains("exactly one"), both.getMessage());
        ConfigException unknown = assertThrows(ConfigException.class, () -> TestService.in(bad).file("handler.yml", HANDLER_YML)
                .file("static.yml", "locations:\n  - prefix: /app\n    folder: .\n    spaFallback: true\n").start().close());
        assertTrue(unknown.getMessage().contains("static.yml:4") && unknown.getMessage().contains("spaFallback"),
                unknown.getMessage());
        ConfigException type = assertThrows(ConfigException.class, () -> TestService.in(bad).file("handler.yml", HANDLER_YML)
                .file("static.yml", "locations:\n  - prefix: /app\n    folder: .\n    spa: maybe\n").start().close());
        assertTrue(type.getMessage().contains("static.yml:4"), type.getMessage());
    }
}
