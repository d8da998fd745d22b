package io.lumen.handler.prefix;

import io.lumen.config.ConfigLoader;
import io.lumen.handler.body.BodyConfig;
import io.lumen.handler.cors.CorsConfig;
import io.lumen.handler.header.HeaderConfig;
import io.lumen.handler.limit.LimitConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** The shipped config examples load, and with no values set they mean the records' defaults. */
class ConfigExamplesTest {
    @TempDir
    Path dir;

    private <T> T load(String name, Class<T> type, Map<String, Object> values) throws IOException {
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("lumen/config-examples/" + name + ".yml")) {
            assertNotNull(in, name);
            Files.copy(in, dir.resolve(name + ".yml"));
        }
        return ConfigLoader.builder().configDirs(List.of(dir)).env(k -> null).overrides(values).build().load(name, type);
    }

    @Test
    void headerExampleMeansTheDefaults() throws IOException {
        assertEquals(new HeaderConfig(null, null, null, null), load("header", HeaderConfig.class, Map.of()));
    }

    @Test
    void corsExampleMeansTheDefaults() throws IOException {
        assertEquals(new CorsConfig(null, null, null, null, null, null, null, null), load("cors", CorsConfig.class, Map.of()));
    }

    @Test
    void bodyExampleMeansTheDefaults() throws IOException {
        assertEquals(new BodyConfig(null, null, null), load("body", BodyConfig.class, Map.of()));
    }

    @Test
    void limitExampleMeansTheDefaults() throws IOException {
        assertEquals(new LimitConfig(null, null, null, null, null, null, null, null, null, null),
                load("limit", LimitConfig.class, Map.of()));
    }

    @Test
    void exampleValuesCanBeGivenAsStrings() throws IOException {
        CorsConfig c = load("cors", CorsConfig.class, Map.of("cors.allowedOrigins", "https://a.example, https://b.example",
                "cors.pathPrefixAllowed", "{/v1: {allowedMethods: [GET]}}"));
        assertEquals(List.of("https://a.example", "https://b.example"), c.allowedOrigins());
        assertEquals(List.of("GET"), c.pathPrefixAllowed().get("/v1").allowedMethods());
    }
}
