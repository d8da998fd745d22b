package io.lumen.handler.chain;

import io.lumen.config.ConfigLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** light-4j's OpenApiEndpointSource over a Swagger 2.0 swagger.json: its operations under its basePath. */
class SpecEndpointsTest {
    @Test
    void aSwaggerSpecsOperationsAreListedUnderItsBasePath(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("swagger.json"), """
                {"swagger": "2.0", "info": {"title": "t", "version": "1"}, "basePath": "/v2/",
                 "paths": {"/pet/{id}": {"get": {"responses": {}}, "delete": {"responses": {}}, "parameters": []}}}
                """);
        ConfigLoader loader = ConfigLoader.builder().configDirs(List.of(dir)).env(k -> null)
                .classLoader(new URLClassLoader(new URL[0], null)).build();
        assertEquals(List.of(new SpecEndpoints.Endpoint("/v2/pet/{id}", "GET"), new SpecEndpoints.Endpoint("/v2/pet/{id}", "DELETE")),
                SpecEndpoints.list(loader));
    }
}
