package io.lumen.handler.cors;

import io.lumen.config.ConfigException;
import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CorsHandlerTest {
    private static final String APP = "https://app.example.com";
    private static final String EVIL = "https://evil.example.org";
    private static final String PARTNER = "https://partner.example.com";

    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = TestService.in(dir)
                .file("cors.yml", """
                        allowedOrigins: [https://app.example.com, https://admin.example.com]
                        allowedMethods: [GET, POST]
                        allowedHeaders: [Content-Type, X-Request-Id]
                        exposedHeaders: [X-Total-Count]
                        allowCredentials: true
                        maxAge: 600
                        pathPrefixAllowed:
                          /public:
                            allowedOrigins: [https://partner.example.com]
                            allowedMethods: [GET]
                        """)
                .file("handler.yml", """
                        handlers: [io.lumen.handler.cors.Ok@ok]
                        paths:
                          - {path: /api/pets, method: GET, exec: [cors, ok]}
                          - {path: /api/pets, method: OPTIONS, exec: [cors, ok]}
                          - {path: /public/data, method: GET, exec: [cors, ok]}
                          - {path: /public/data, method: OPTIONS, exec: [cors]}
                          - {path: '/terminal/*', method: OPTIONS, exec: [cors]}
                        """)
                .start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static HttpResponse<String> preflight(String path, String origin, String method, String headers) {
        HttpRequest.Builder b = service.request(path).method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", origin).header("Access-Control-Request-Method", method);
        if (headers != null) {
            b.header("Access-Control-Request-Headers", headers);
        }
        return service.send(b.build());
    }

    private static HttpResponse<String> get(String path, String origin) {
        return service.send(service.request(path).header("Origin", origin).GET().build());
    }

    private static Optional<String> h(HttpResponse<?> r, String name) {
        return r.headers().firstValue(name);
    }

    private static void assertNoAllowHeaders(HttpHeaders headers) {
        headers.map().keySet().forEach(name ->
                assertTrue(!name.toLowerCase().startsWith("access-control-"), "unexpected header " + name));
    }

    @Test
    void allowedPreflightIsAnsweredWithAllowHeadersAndNotPassedOn() {
        HttpResponse<String> r = preflight("/api/pets", APP, "POST", "content-type, x-request-id");
        assertEquals(204, r.statusCode());
        assertEquals("", r.body(), "the preflight must not reach the handler");
        assertEquals(APP, h(r, "Access-Control-Allow-Origin").orElseThrow());
        assertEquals("GET, POST", h(r, "Access-Control-Allow-Methods").orElseThrow());
        assertEquals("content-type, x-request-id", h(r, "Access-Control-Allow-Headers").orElseThrow());
        assertEquals("600", h(r, "Access-Control-Max-Age").orElseThrow());
        assertEquals("true", h(r, "Access-Control-Allow-Credentials").orElseThrow());
        assertEquals("Origin", h(r, "Vary").orElseThrow());
    }

    @Test
    void preflightFromAnotherOriginIs403JsonWithoutAllowHeaders() {
        HttpResponse<String> r = preflight("/api/pets", EVIL, "GET", null);
        assertEquals(403, r.statusCode());
        assertTrue(r.body().contains("\"code\":\"ERR10092\"") && r.body().contains(EVIL), r.body());
        assertNoAllowHeaders(r.headers());
    }

    @Test
    void preflightAskingForAMethodNotAllowedIs403() {
        HttpResponse<String> r = preflight("/api/pets", APP, "DELETE", null);
        assertEquals(403, r.statusCode());
        assertTrue(r.body().contains("ERR10092") && r.body().contains("DELETE"), r.body());
        assertNoAllowHeaders(r.headers());
    }

    @Test
    void preflightAskingForAHeaderNotAllowedIs403() {
        HttpResponse<String> r = preflight("/api/pets", APP, "GET", "Content-Type, X-Secret");
        assertEquals(403, r.statusCode());
        assertTrue(r.body().contains("X-Secret"), r.body());
        assertNoAllowHeaders(r.headers());
    }

    @Test
    void actualRequestFromAnAllowedOriginGetsAllowHeadersAndPassesOn() {
        HttpResponse<String> r = get("/api/pets", APP);
        assertEquals(200, r.statusCode());
        assertEquals("reached", r.body());
        assertEquals(APP, h(r, "Access-Control-Allow-Origin").orElseThrow());
        assertEquals("true", h(r, "Access-Control-Allow-Credentials").orElseThrow());
        assertEquals("X-Total-Count", h(r, "Access-Control-Expose-Headers").orElseThrow());
        assertEquals("Origin", h(r, "Vary").orElseThrow());
    }

    @Test
    void actualRequestFromAnotherOriginPassesOnWithoutAllowHeaders() {
        HttpResponse<String> r = get("/api/pets", EVIL);
        assertEquals(200, r.statusCode());
        assertEquals("reached", r.body());
        assertNoAllowHeaders(r.headers());
    }

    @Test
    void requestWithoutOriginIsNotTouched() {
        HttpResponse<String> r = service.get("/api/pets");
        assertEquals("reached", r.body());
        assertNoAllowHeaders(r.headers());
    }

    @Test
    void theLongestMatchingPrefixOverridesOriginsAndMethods() {
        assertEquals(APP, h(get("/api/pets", APP), "Access-Control-Allow-Origin").orElseThrow());
        assertEquals(Optional.empty(), h(get("/public/data", APP), "Access-Control-Allow-Origin"));
        assertEquals(PARTNER, h(get("/public/data", PARTNER), "Access-Control-Allow-Origin").orElseThrow());
        assertEquals(403, preflight("/public/data", PARTNER, "POST", null).statusCode());
    }

    @Test
    void corsAloneOnAnOptionsRouteAnswersPreflights() {
        HttpResponse<String> r = preflight("/public/data", PARTNER, "GET", null);
        assertEquals(204, r.statusCode());
        assertEquals(PARTNER, h(r, "Access-Control-Allow-Origin").orElseThrow());
        assertEquals("GET", h(r, "Access-Control-Allow-Methods").orElseThrow());
        assertEquals(204, preflight("/terminal/x/y", APP, "POST", null).statusCode());
    }

    @Test
    void corsAloneAnswersAnOptionsRequestThatIsNoPreflightWithThePathsMethods() {
        HttpResponse<String> r = service.send(service.request("/terminal/x")
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(204, r.statusCode(), "RFC 9110 9.3.7: OPTIONS describes the resource");
        assertEquals("OPTIONS", h(r, "Allow").orElseThrow());
        HttpResponse<String> data = service.send(service.request("/public/data")
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(204, data.statusCode());
        assertEquals("GET, HEAD, OPTIONS", h(data, "Allow").orElseThrow());
    }

    @Test
    void anyOriginWithoutCredentialsEchoesTheOrigin(@TempDir Path other) {
        try (TestService any = TestService.in(other)
                .file("cors.yml", "allowedOrigins: ['*']\n")
                .file("handler.yml", "handlers: [io.lumen.handler.cors.Ok@ok]\n"
                        + "paths:\n  - {path: /x, method: GET, exec: [cors, ok]}\n")
                .start()) {
            HttpResponse<String> r = any.send(any.request("/x").header("Origin", EVIL).GET().build());
            assertEquals(EVIL, h(r, "Access-Control-Allow-Origin").orElseThrow());
            assertEquals(Optional.empty(), h(r, "Access-Control-Allow-Credentials"));
        }
    }

    @Test
    void anyOriginWithCredentialsIsAConfigErrorNamingFileAndLine(@TempDir Path other) {
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(other)
                .file("cors.yml", "enabled: true\nallowCredentials: true\nallowedOrigins: ['*']\n")
                .file("handler.yml", "handlers: [io.lumen.handler.cors.Ok@ok]\n"
                        + "paths:\n  - {path: /x, method: GET, exec: [cors, ok]}\n")
                .start());
        assertTrue(e.getMessage().matches(".*cors\\.yml:\\d+: .*allowCredentials.*"), e.getMessage());
    }

    @Test
    void anOriginWithAPathIsAConfigError(@TempDir Path other) {
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(other)
                .file("cors.yml", "allowedOrigins: ['https://app.example.com/']\n")
                .file("handler.yml", "handlers: [io.lumen.handler.cors.Ok@ok]\n"
                        + "paths:\n  - {path: /x, method: GET, exec: [cors, ok]}\n")
                .start());
        assertTrue(e.getMessage().contains("cors.yml") && e.getMessage().contains("scheme://host"), e.getMessage());
    }
}
