package io.lumen.spring.embed;

import io.lumen.config.ConfigLoader;
import io.lumen.openapi.OpenApiSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.env.StandardEnvironment;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A Spring application's spec at the classpath root: openapi.*, else a Swagger 2.0 swagger.* (converted when loaded). */
class ClasspathSpecTest {
    private static final String SWAGGER = """
            swagger: "2.0"
            info: {title: shop, version: "1"}
            basePath: /api
            paths:
              /items/{id}:
                get:
                  parameters: [{name: id, in: path, required: true, type: integer}]
                  responses: {"200": {description: ok, schema: {type: object}}}
            """;

    @Test
    void aSwaggerJsonOrYamlAtTheClasspathRootIsTheSpecWhenThereIsNoOpenapiFile(@TempDir Path dir) throws Exception {
        Path config = Files.createDirectories(dir.resolve("config"));
        Files.writeString(config.resolve("handler.yml"), "handlers: [validator]\n");
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Files.writeString(classes.resolve("swagger.yaml"), SWAGGER);
        ConfigLoader loader = ConfigLoader.builder().configDirs(List.of(config)).env(k -> null)
                .classLoader(new URLClassLoader(new URL[0], null)).build();
        try (URLClassLoader app = new URLClassLoader(new URL[] {classes.toUri().toURL()}, null)) {
            ClasspathSpec.Found found = ClasspathSpec.find(loader, app, new StandardEnvironment()).orElseThrow();
            assertTrue(found.location().endsWith("/swagger.yaml"), found.location());
            OpenApiSpec spec = found.spec();
            assertEquals("/api", spec.basePath());
            assertEquals("/api/items/{id}", spec.operations().get(0).template());

            Files.writeString(classes.resolve("openapi.yaml"), "openapi: 3.0.3\ninfo: {title: t, version: '1'}\nservers: [{url: /v3}]\npaths: {}\n");
            assertEquals("/v3", ClasspathSpec.find(loader, app, new StandardEnvironment()).orElseThrow().spec().basePath(),
                    "openapi.yaml wins over swagger.yaml");
        }
    }
}
