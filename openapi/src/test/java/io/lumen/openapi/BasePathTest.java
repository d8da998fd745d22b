package io.lumen.openapi;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The base path: servers[0]'s path, less a context path it starts with; openapi.basePath replaces it. */
class BasePathTest {
    @TempDir
    Path dir;

    private OpenApiSpec load(String serverUrl, Map<String, Object> values) throws IOException {
        Files.writeString(dir.resolve("openapi.yaml"), "openapi: 3.0.3\ninfo: {title: t, version: '1'}\n"
                + "servers: [{url: '" + serverUrl + "'}]\npaths:\n  /items:\n    get:\n      responses: {'200': {description: ok}}\n");
        return SpecLoader.load(ConfigLoader.builder().configDirs(List.of(dir)).env(k -> null).overrides(values).build());
    }

    @Test
    void theServerUrlsPathIsTheBasePath() throws Exception {
        assertEquals("/shop/api", load("http://localhost:8080/shop/api/", Map.of()).basePath());
    }

    @Test
    void aContextPathTheServerUrlStartsWithIsLeftOut() throws Exception {
        OpenApiSpec spec = load("http://localhost:8080/shop/api", Map.of(SpecLoader.CONTEXT_PATH_KEY, "/shop/"));
        assertEquals("/api", spec.basePath());
        assertEquals("/api/items", spec.operations().get(0).template());
        assertEquals("", load("http://localhost/shop", Map.of(SpecLoader.CONTEXT_PATH_KEY, "/shop")).basePath());
    }

    @Test
    void aContextPathTheServerUrlDoesNotStartWithChangesNothing() throws Exception {
        assertEquals("/shopping/api", load("/shopping/api", Map.of(SpecLoader.CONTEXT_PATH_KEY, "/shop")).basePath());
        assertEquals("/api", load("/api", Map.of(SpecLoader.CONTEXT_PATH_KEY, "/shop")).basePath());
    }

    @Test
    void anExplicitBasePathWins() throws Exception {
        assertEquals("/v2", load("https://api.example.com/v9", Map.of(SpecLoader.BASE_PATH_KEY, "/v2/",
                SpecLoader.CONTEXT_PATH_KEY, "/shop")).basePath());
        assertEquals("", load("https://api.example.com/v9", Map.of(SpecLoader.BASE_PATH_KEY, "/")).basePath());
        ConfigException e = assertThrows(ConfigException.class,
                () -> load("/v9", Map.of(SpecLoader.BASE_PATH_KEY, "v2")));
        assertTrue(e.getMessage().contains("openapi.basePath"), e.getMessage());
    }
}
