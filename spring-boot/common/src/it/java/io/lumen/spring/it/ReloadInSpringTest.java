package io.lumen.spring.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.spring.embed.LumenEmbedding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * POST /adm/reload inside a Spring Boot application: Lumen's routes follow the new handler.yml,
 * bean handlers stay the application's beans, chains ending in Spring keep reaching controllers,
 * and a broken handler.yml is refused while the old routes keep serving.
 */
class ReloadInSpringTest {
    private static final String ROUTES = """
            handlers:
              - io.lumen.spring.it.HelloHandler@hello
              - io.lumen.spring.it.GreetingHandler@greeting
            paths:
              - {path: /adm/reload, method: POST, exec: [exception, reload]}
              - {path: /mw/spring, method: GET, exec: [exception, correlation, spring]}
              - {path: /lumen/greeting, method: GET, exec: [greeting]}
            """;

    @TempDir
    Path dir;

    @Test
    void reloadRebuildsLumensRoutesInFrontOfSpring() throws Exception {
        Files.writeString(dir.resolve("handler.yml"), ROUTES + "  - {path: /lumen/hello, method: GET, exec: [hello]}\n");
        ConfigurableApplicationContext app = Apps.start(dir.toString(), "lumen.unmatched=lumen");
        try {
            assertEquals("hello from lumen", Http.get(Apps.uri(app, "/lumen/hello")).body());
            assertEquals(404, Http.get(Apps.uri(app, "/lumen/hi")).statusCode());

            Files.writeString(dir.resolve("handler.yml"), ROUTES + "  - {path: /lumen/hi, method: GET, exec: [hello]}\n");
            HttpResponse<String> r = Http.post(Apps.uri(app, "/adm/reload"), HttpRequest.BodyPublishers.noBody());
            assertEquals(200, r.statusCode(), r.body());
            JsonNode report = StarterTest.JSON.readTree(r.body());
            assertEquals("GET /lumen/hi", report.at("/routes/added/0").asText());
            assertEquals("GET /lumen/hello", report.at("/routes/removed/0").asText());

            assertEquals("hello from lumen", Http.get(Apps.uri(app, "/lumen/hi")).body());
            assertEquals(404, Http.get(Apps.uri(app, "/lumen/hello")).statusCode());
            assertEquals(app.getBean(GreetingService.class).greet("bean"), Http.get(Apps.uri(app, "/lumen/greeting")).body());
            JsonNode spring = StarterTest.JSON.readTree(Http.get(Apps.uri(app, "/mw/spring")).body());
            assertTrue(spring.get("routed").asBoolean(), spring.toString());
            assertEquals("[\"exception\",\"correlation\",\"spring\"]", spring.get("chain").toString());
            assertEquals(2, app.getBean(LumenEmbedding.class).routes().stream()
                    .filter(route -> route.template().text().startsWith("/lumen")).count());

            Files.writeString(dir.resolve("handler.yml"), ROUTES + "  - {path: /lumen/x, method: GET, exec: [nope]}\n");
            HttpResponse<String> refused = Http.post(Apps.uri(app, "/adm/reload"), HttpRequest.BodyPublishers.noBody());
            assertEquals(422, refused.statusCode(), refused.body());
            assertTrue(refused.body().contains("handler.yml:8: paths[3].exec[0]: unknown handler or chain 'nope'"), refused.body());
            assertEquals("hello from lumen", Http.get(Apps.uri(app, "/lumen/hi")).body());
        } finally {
            app.close();
        }
    }
}
