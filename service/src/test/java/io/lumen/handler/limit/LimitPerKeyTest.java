package io.lumen.handler.limit;

import io.lumen.config.ConfigException;
import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Limits per user and per key with overrides, and the headers that tell clients their limit. One token per 100 s. */
class LimitPerKeyTest {
    private static final String HANDLER_YML = """
            handlers:
              - io.lumen.handler.limit.FakeSecurity@security
              - io.lumen.handler.limit.Ok@ok
            paths:
              - {path: /api, method: GET, exec: [security, limit, ok]}
              - {path: /login/form, method: GET, exec: [security, limit, ok]}
              - {path: '/gw/*', method: GET, exec: [security, limit, ok]}
            """;

    private static HttpResponse<String> get(TestService s, String path, String header, String value) {
        return s.send(s.request(path).header(header, value).GET().build());
    }

    @Test
    void draftHeadersSayTheQuotaWhatIsLeftAndWhenItIsFull(@TempDir Path dir) {
        try (TestService s = TestService.in(dir).file("handler.yml", HANDLER_YML).file("limit.yml", """
                key: user
                rate: 0.01
                burst: 3
                responseHeaders: draft
                pathPrefixes:
                  /login: {rate: 0.01, burst: 1}
                  /gw/login: {rate: 0.01, burst: 1}
                overrides:
                  vip: {rate: 0.01, burst: 5}
                """).start()) {
            for (int left = 2; left >= 0; left--) {
                HttpResponse<String> r = get(s, "/api", "X-Test-User", "ann");
                assertEquals(200, r.statusCode());
                assertEquals("\"default\";q=3;w=300", r.headers().firstValue("RateLimit-Policy").orElse(null));
                assertEquals("\"default\";r=" + left + ";t=" + (3 - left) * 100, r.headers().firstValue("RateLimit").orElse(null));
            }
            HttpResponse<String> refused = get(s, "/api", "X-Test-User", "ann");
            assertEquals(429, refused.statusCode());
            assertTrue(refused.headers().firstValue("RateLimit").orElseThrow().startsWith("\"default\";r=0;"));
            assertTrue(refused.body().contains("ERR10088") && refused.body().contains("this user"), refused.body());
            assertEquals(200, get(s, "/api", "X-Test-User", "bob").statusCode(), "another user, another bucket");
            for (int i = 0; i < 5; i++) {
                HttpResponse<String> vip = get(s, "/api", "X-Test-User", "vip");
                assertEquals(200, vip.statusCode(), "vip request " + i);
                assertTrue(vip.headers().firstValue("RateLimit-Policy").orElseThrow().contains("q=5"));
            }
            assertEquals(429, get(s, "/api", "X-Test-User", "vip").statusCode());
            HttpResponse<String> login = get(s, "/login/form", "X-Test-User", "carl");
            assertEquals("\"/login\";q=1;w=100", login.headers().firstValue("RateLimit-Policy").orElse(null));
            HttpResponse<String> gw = get(s, "/gw/login/form", "X-Test-User", "dora");
            assertEquals("\"/gw/login\";q=1;w=100", gw.headers().firstValue("RateLimit-Policy").orElse(null),
                    "a wildcard route: the request path picks the prefix");
            assertEquals(429, get(s, "/gw/login/form", "X-Test-User", "dora").statusCode());
            assertEquals("\"default\";q=3;w=300", get(s, "/gw/orders", "X-Test-User", "dora").headers()
                    .firstValue("RateLimit-Policy").orElse(null));
        }
    }

    @Test
    void xRateLimitHeadersAndNoneByDefault(@TempDir Path dir) {
        try (TestService s = TestService.in(dir).file("handler.yml", HANDLER_YML)
                .file("limit.yml", "key: client\nrate: 0.01\nburst: 2\nresponseHeaders: x-ratelimit\n").start()) {
            HttpResponse<String> r = get(s, "/api", "X-Test-Client", "acme");
            assertEquals("2", r.headers().firstValue("X-RateLimit-Limit").orElse(null));
            assertEquals("1", r.headers().firstValue("X-RateLimit-Remaining").orElse(null));
            assertEquals("100", r.headers().firstValue("X-RateLimit-Reset").orElse(null));
        }
        try (TestService s = TestService.in(dir.resolve("plain")).file("handler.yml", HANDLER_YML).start()) {
            HttpResponse<String> r = get(s, "/api", "X-Test-Client", "acme");
            assertFalse(r.headers().firstValue("RateLimit").isPresent() || r.headers().firstValue("X-RateLimit-Limit").isPresent());
        }
    }

    @Test
    void badValuesFailStartupWithTheFile(@TempDir Path dir) {
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(dir).file("handler.yml", HANDLER_YML)
                .file("limit.yml", "responseHeaders: ietf\n").start().close());
        assertTrue(e.getMessage().contains("limit.yml") && e.getMessage().contains("responseHeaders"), e.getMessage());
        ConfigException o = assertThrows(ConfigException.class, () -> TestService.in(dir).file("handler.yml", HANDLER_YML)
                .file("limit.yml", "overrides:\n  vip: {burst: 5}\n").start().close());
        assertTrue(o.getMessage().contains("overrides.vip"), o.getMessage());
    }
}
