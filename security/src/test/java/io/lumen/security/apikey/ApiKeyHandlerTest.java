package io.lumen.security.apikey;

import io.lumen.config.ConfigException;
import io.lumen.security.password.KeyDigest;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** API keys through real HTTP: header, query and cookie per path prefix, rotation, hostile values. */
class ApiKeyHandlerTest {
    private static final String HANDLER_YML = """
            handlers:
              - io.lumen.security.basic.Whoami@whoami
            paths:
              - {path: /partners/orders, method: GET, exec: [apikey, whoami]}
              - {path: /feeds/news, method: GET, exec: [apikey, whoami]}
              - {path: /widgets/list, method: GET, exec: [apikey, whoami]}
              - {path: /open/ping, method: GET, exec: [apikey, whoami]}
              - {path: '/w/*', method: GET, exec: [apikey, whoami]}
            """;

    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = TestService.in(dir).file("handler.yml", HANDLER_YML).file("apikey.yml", """
                hashEnabled: true
                pathPrefixAuths:
                  - {pathPrefix: /partners, headerName: X-Api-Key, apiKey: '%s', apiKeys: ['%s'], clientId: acme}
                  - {pathPrefix: /feeds, queryName: key, apiKey: '%s'}
                  - {pathPrefix: /widgets, cookieName: wkey, apiKey: '%s'}
                  - {pathPrefix: /w/feeds, queryName: key, apiKey: '%3$s'}
                """.formatted(KeyDigest.stored("old-partner-key"), KeyDigest.stored("new-partner-key"),
                KeyDigest.stored("feed-key"), KeyDigest.stored("widget-key"))).start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static HttpResponse<String> get(String path, String... headers) {
        var b = service.request(path).GET();
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return service.send(b.build());
    }

    @Test
    void eachPrefixTakesItsKeyFromItsPlace() {
        HttpResponse<String> h = get("/partners/orders", "X-Api-Key", "new-partner-key");
        assertEquals(200, h.statusCode(), h.body());
        assertEquals("user=null client=acme", h.body(), "the entry's clientId");
        assertEquals(200, get("/partners/orders", "x-api-key", "old-partner-key").statusCode(), "rotation: both keys");
        assertEquals(200, get("/feeds/news?key=feed-key").statusCode());
        assertEquals(200, get("/widgets/list", "Cookie", "theme=dark; wkey=widget-key").statusCode());
        assertEquals(200, get("/open/ping").statusCode(), "a route under no prefix is not checked");
    }

    /**
     * Schemathesis against Frigate's spec (apiKey schemes in the cookie {@code frigate_token}) sent a Cookie header with a
     * {@code $}-name and an empty value: Undertow's cookie parser threw (StringIndexOutOfBoundsException), a 500.
     */
    @Test
    void aCookieHeaderUndertowCannotParseStillFindsTheKeyOrAnswers401() {
        HttpResponse<String> with = get("/widgets/list", "Cookie", "$Path=; wkey=widget-key");
        assertEquals(200, with.statusCode(), with.body());
        HttpResponse<String> without = get("/widgets/list", "Cookie", "$= ;");
        assertEquals(401, without.statusCode(), without.body());
        assertTrue(without.body().contains("\"code\":\"ERR"), without.body());
    }

    @Test
    void noKeyIs401AndAWrongKeyIs401() {
        HttpResponse<String> none = get("/partners/orders");
        assertEquals(401, none.statusCode());
        assertTrue(none.body().contains("\"code\":\"ERR19210\"") && none.body().contains("X-Api-Key"), none.body());
        String[] wrong = {"feed-key", "new-partner-key-", "", "NEW-PARTNER-KEY", "x".repeat(8000), "new-partner-key\u00e9"};
        for (String key : wrong) {
            HttpResponse<String> r = get("/partners/orders", "X-Api-Key", key);
            assertEquals(401, r.statusCode(), key);
            assertTrue(r.body().contains("ERR10075") || r.body().contains("ERR19210"), r.body());
        }
        assertEquals(401, get("/feeds/news?key=widget-key").statusCode(), "another prefix's key");
        assertEquals(401, get("/feeds/news", "X-Api-Key", "feed-key").statusCode(), "the right key in the wrong place");
        assertEquals(401, get("/widgets/list?wkey=widget-key").statusCode(), "a cookie's key in the query");
    }

    @Test
    void onAWildcardRouteTheRequestPathPicksTheEntry() {
        assertEquals(200, get("/w/feeds/today?key=feed-key").statusCode());
        assertEquals(401, get("/w/feeds/today").statusCode());
        assertEquals(401, get("/w/feeds?key=widget-key").statusCode());
        assertEquals(200, get("/w/elsewhere").statusCode(), "under no prefix: unchecked, as on a literal route");
    }

    @Test
    void light4jsShippedApikeyYmlChecksNoPathAsInLight4j(@TempDir Path shipped) {
        // light-gateway's config/external-gateway declares ApiKeyHandler in its chain and has no apikey.yml:
        // light-4j's shipped one is enabled, hashEnabled false, no pathPrefixAuths, and lets every request through
        try (TestService s = TestService.in(shipped).file("handler.yml", HANDLER_YML)
                .file("values.yml", "apikey.enabled: true\napikey.hashEnabled: false\n").start()) {
            assertEquals(200, s.get("/partners/orders").statusCode());
        }
    }

    @Test
    void plainKeysAndUnknownKeysFailStartup(@TempDir Path bad) {
        ConfigException plain = assertThrows(ConfigException.class, () -> TestService.in(bad).file("handler.yml", HANDLER_YML)
                .file("apikey.yml", "pathPrefixAuths:\n  - {pathPrefix: /p, headerName: X-Key, apiKey: abc123}\n").start().close());
        assertTrue(plain.getMessage().contains("apikey.yml") && plain.getMessage().contains("sha256:"), plain.getMessage());
        ConfigException off = assertThrows(ConfigException.class, () -> TestService.in(bad).file("handler.yml", HANDLER_YML)
                .file("apikey.yml", "hashEnabled: false\npathPrefixAuths:\n  - {pathPrefix: /p, headerName: X-Key, apiKey: "
                        + KeyDigest.stored("k") + "}\n").start().close());
        assertTrue(off.getMessage().contains("hashEnabled"), off.getMessage());
        ConfigException unknown = assertThrows(ConfigException.class, () -> TestService.in(bad).file("handler.yml", HANDLER_YML)
                .file("apikey.yml", "pathPrefixAuths:\n  - pathPrefix: /p\n    header: X-Key\n    headerName: X-Key\n    apiKey: "
                        + KeyDigest.stored("k") + "\n").start().close());
        assertTrue(unknown.getMessage().contains("apikey.yml:3") && unknown.getMessage().contains("header"),
                unknown.getMessage());
    }
}
