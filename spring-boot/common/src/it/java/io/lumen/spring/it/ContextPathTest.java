package io.lumen.spring.it;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** handler.yml paths are relative to server.servlet.context-path, like Spring's own mappings. */
class ContextPathTest {
    static ConfigurableApplicationContext app;

    @BeforeAll
    static void start() {
        app = Apps.start(Apps.dir("lumen-it"), "server.servlet.context-path=/app");
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    @Test
    void lumenAndSpringRoutesLiveUnderTheContextPath() throws Exception {
        HttpResponse<String> lumen = Http.get(Apps.uri(app, "/app/lumen/hello"));
        assertEquals(200, lumen.statusCode());
        assertEquals("hello from lumen", lumen.body());
        HttpResponse<String> chained = Http.get(Apps.uri(app, "/app/mw/spring"), "X-Correlation-Id", "cp-1");
        assertEquals(200, chained.statusCode(), chained.body());
        assertEquals("cp-1", StarterTest.JSON.readTree(chained.body()).get("correlationId").asText());
        assertEquals("hello from spring", Http.get(Apps.uri(app, "/app/spring/hello")).body());
        assertEquals(404, Http.get(Apps.uri(app, "/lumen/hello")).statusCode(), "outside the context path");
    }

    @Test
    void openApiMatchingAndValidationSeePathsBelowTheContextPath() throws Exception {
        String token = "Bearer " + DevKey.token("read:pets", "cp-client");
        HttpResponse<String> ok = Http.get(Apps.uri(app, "/app/v1/pets/7"), "Authorization", token);
        assertEquals(200, ok.statusCode(), ok.body());
        assertEquals(7, StarterTest.JSON.readTree(ok.body()).get("validatedPetId").asLong());
        HttpResponse<String> invalid = Http.get(Apps.uri(app, "/app/v1/pets/seven"), "Authorization", token);
        assertEquals(400, invalid.statusCode(), invalid.body());
    }
}
