package io.lumen.spring.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.config.ConfigException;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 25 item 4, found on a public Spring application: its spec says
 * {@code servers: [{url: http://localhost:8080/shop/api}]} and it runs under context path {@code /shop},
 * whose requests Lumen's router sees below the context path ({@code /api/items/7}). The server URL
 * that includes the context path matches; {@code openapi.basePath} sets the base path outright; a spec
 * none of whose operations a route reaches is a startup error naming both paths.
 */
class SpecBasePathTest {

    @Test
    void aServerUrlThatIncludesTheContextPathMatches() throws Exception {
        try (ConfigurableApplicationContext app = Apps.start(Apps.dir("lumen-shop"), "server.servlet.context-path=/shop")) {
            HttpResponse<String> r = Http.get(Apps.uri(app, "/shop/api/items/7"));
            assertEquals(200, r.statusCode(), r.body());
            JsonNode item = StarterTest.JSON.readTree(r.body());
            assertEquals("/api/items/{id}@get", item.get("endpoint").asText(), "the spec's operation matched");
            HttpResponse<String> invalid = Http.get(Apps.uri(app, "/shop/api/items/0"));
            assertEquals(400, invalid.statusCode(), "validated against the spec: " + invalid.body());
        }
    }

    @Test
    void anExplicitBasePathWinsOverTheServerUrl() throws Exception {
        try (ConfigurableApplicationContext app = Apps.start(Apps.dir("lumen-shop"), "server.servlet.context-path=/shop",
                "test.serverUrl=https://api.example.com/v9", "openapi.basePath=/api")) {
            HttpResponse<String> r = Http.get(Apps.uri(app, "/shop/api/items/7"));
            assertEquals(200, r.statusCode(), r.body());
        }
    }

    @Test
    void aSpecNoRouteCanReachIsAStartupErrorNamingBasePathAndContextPath() {
        ConfigException e = assertThrows(ConfigException.class, () -> Apps.start(Apps.dir("lumen-shop"),
                "server.servlet.context-path=/shop", "test.serverUrl=https://api.example.com/v9").close());
        assertTrue(e.getMessage().contains("base path is '/v9'") && e.getMessage().contains("context path '/shop'")
                && e.getMessage().contains("openapi.basePath"), e.getMessage());
    }
}
