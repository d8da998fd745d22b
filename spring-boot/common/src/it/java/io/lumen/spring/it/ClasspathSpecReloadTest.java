package io.lumen.spring.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.DefaultResourceLoader;

import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A reload re-reads the spec Lumen found at the classpath root (an application's
 * {@code src/main/resources/openapi.yml}): the validator follows the new spec; a broken new spec is
 * refused with its file, line and problem, and the old spec keeps validating.
 */
class ClasspathSpecReloadTest {
    private static final String HANDLER = """
            paths:
              - {path: '/cp/items/{id}', method: GET, exec: [exception, specification, validator, spring]}
              - {path: /adm/reload, method: POST, exec: [exception, reload]}
            """;
    private static final String SPEC = """
            openapi: 3.0.3
            info: {title: classpath root, version: '1'}
            paths:
              /cp/items/{id}:
                get:
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: integer, maximum: %d}}
                  responses: {'200': {description: an item}}
            """;

    @TempDir
    Path config;
    @TempDir
    Path classpath;

    @Test
    void aReloadReadsTheClasspathSpecAgainAndKeepsTheOldOneWhenTheNewIsBroken() throws Exception {
        Files.writeString(config.resolve("handler.yml"), HANDLER);
        Path spec = classpath.resolve("openapi.yml"); // found before the test class path's openapi.yaml
        Files.writeString(spec, SPEC.formatted(10));
        ClassLoader loader = new URLClassLoader(new URL[]{classpath.toUri().toURL()}, getClass().getClassLoader());
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(TestApp.class)
                .resourceLoader(new DefaultResourceLoader(loader))
                .run("--server.port=0", "--lumen.config-dir=" + config, "--spring.jmx.enabled=false")) {
            assertEquals(200, Http.get(Apps.uri(app, "/cp/items/9")).statusCode());
            assertEquals(400, Http.get(Apps.uri(app, "/cp/items/20")).statusCode());

            Files.writeString(spec, SPEC.formatted(50));
            HttpResponse<String> reload = Http.post(Apps.uri(app, "/adm/reload"), HttpRequest.BodyPublishers.noBody());
            assertEquals(200, reload.statusCode(), reload.body());
            HttpResponse<String> now = Http.get(Apps.uri(app, "/cp/items/20"));
            assertEquals(200, now.statusCode(), "the new spec's maximum: " + now.body());
            assertEquals(400, Http.get(Apps.uri(app, "/cp/items/60")).statusCode());

            Files.writeString(spec, SPEC.formatted(50).replace("type: integer, maximum: 50", "type: [integer"));
            HttpResponse<String> refused = Http.post(Apps.uri(app, "/adm/reload"), HttpRequest.BodyPublishers.noBody());
            assertEquals(422, refused.statusCode(), refused.body());
            assertTrue(refused.body().contains("openapi.yml"), refused.body());
            assertEquals(200, Http.get(Apps.uri(app, "/cp/items/20")).statusCode(), "the old spec serves on");
            assertEquals(400, Http.get(Apps.uri(app, "/cp/items/60")).statusCode(), "and still validates");
        }
    }
}
