package io.lumen.handler.limit;

import io.lumen.config.ConfigException;
import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One token per 100 s, so nothing refills while a test runs. */
class LimitHandlerTest {
    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = TestService.in(dir)
                .file("limit.yml", """
                        key: client
                        rate: 0.01
                        burst: 3
                        pathPrefixes:
                          /strict: {rate: 0.01, burst: 1}
                        """)
                .file("handler.yml", """
                        handlers:
                          - io.lumen.handler.limit.FakeSecurity@security
                          - io.lumen.handler.limit.Ok@ok
                        paths:
                          - {path: /api, method: GET, exec: [security, limit, ok]}
                          - {path: /strict/one, method: GET, exec: [security, limit, ok]}
                        """)
                .start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static HttpResponse<String> get(TestService s, String path, String header, String value) {
        return s.send(s.request(path).header(header, value).GET().build());
    }

    @Test
    void theBurstPassesThenItIs429WithRetryAfterAndTheErrorJson() {
        for (int i = 0; i < 3; i++) {
            assertEquals(200, get(service, "/api", "X-Test-Client", "burst-client").statusCode(), "request " + i);
        }
        HttpResponse<String> r = get(service, "/api", "X-Test-Client", "burst-client");
        assertEquals(429, r.statusCode());
        long retry = Long.parseLong(r.headers().firstValue("Retry-After").orElseThrow());
        assertTrue(retry >= 1 && retry <= 100, "Retry-After " + retry);
        assertTrue(r.body().contains("\"code\":\"ERR10088\""), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith("application/json"));
    }

    @Test
    void differentClientsHaveIndependentBuckets() {
        for (int i = 0; i < 3; i++) {
            get(service, "/api", "X-Test-Client", "greedy");
        }
        assertEquals(429, get(service, "/api", "X-Test-Client", "greedy").statusCode());
        assertEquals(200, get(service, "/api", "X-Test-Client", "modest").statusCode());
    }

    @Test
    void aLongerPrefixHasItsOwnRateAndBuckets() {
        assertEquals(200, get(service, "/strict/one", "X-Test-Client", "prefixed").statusCode());
        assertEquals(429, get(service, "/strict/one", "X-Test-Client", "prefixed").statusCode());
        assertEquals(200, get(service, "/api", "X-Test-Client", "prefixed").statusCode());
    }

    @Test
    void headerKeysAreIndependentAndMissingHeadersFallBackToTheAddress(@TempDir Path other) {
        try (TestService s = TestService.in(other)
                .file("limit.yml", "key: header\nheaderName: X-Api-Key\nrate: 0.01\nburst: 2\n")
                .file("handler.yml", "handlers: [io.lumen.handler.limit.Ok@ok]\n"
                        + "paths:\n  - {path: /x, method: GET, exec: [limit, ok]}\n")
                .start()) {
            assertEquals(200, get(s, "/x", "X-Api-Key", "a").statusCode());
            assertEquals(200, get(s, "/x", "X-Api-Key", "a").statusCode());
            assertEquals(429, get(s, "/x", "X-Api-Key", "a").statusCode());
            assertEquals(200, get(s, "/x", "X-Api-Key", "b").statusCode());
            assertEquals(200, s.get("/x").statusCode());
            assertEquals(200, s.get("/x").statusCode());
            assertEquals(429, s.get("/x").statusCode());
        }
    }

    @Test
    void forwardedForIsTheKeyOnlyWhenTrusted(@TempDir Path other) {
        try (TestService s = TestService.in(other)
                .file("limit.yml", "trustForwardedFor: true\nrate: 0.01\nburst: 1\n")
                .file("handler.yml", "handlers: [io.lumen.handler.limit.Ok@ok]\n"
                        + "paths:\n  - {path: /x, method: GET, exec: [limit, ok]}\n")
                .start()) {
            assertEquals(200, get(s, "/x", "X-Forwarded-For", "203.0.113.7, 10.0.0.1").statusCode());
            assertEquals(429, get(s, "/x", "X-Forwarded-For", "203.0.113.7").statusCode());
            assertEquals(200, get(s, "/x", "X-Forwarded-For", "203.0.113.8").statusCode());
        }
    }

    @Test
    void anUnknownKeyKindIsAConfigErrorNamingTheFile(@TempDir Path other) {
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(other)
                .file("limit.yml", "key: cookie\n")
                .file("handler.yml", "handlers: [io.lumen.handler.limit.Ok@ok]\n"
                        + "paths:\n  - {path: /x, method: GET, exec: [limit, ok]}\n")
                .start());
        assertTrue(e.getMessage().contains("limit.yml") && e.getMessage().contains("address, header, client or user"),
                e.getMessage());
    }
}
