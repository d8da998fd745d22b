package io.lumen.validator;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.SpecLoader;
import io.lumen.testkit.TestService;
import io.lumen.validator.validation.SchemaCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Excerpts of public specs no one here wrote (sources in {@code specs/public/README.md}): Spring
 * PetClinic REST (readOnly through allOf, a ProblemDetail error schema) and Spotify (discriminators
 * without mapping whose variants pin the property with enum).
 */
class PublicSpecsTest {
    @TempDir
    Path dir;

    private TestService start(String folder, String validatorYml) {
        return TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml"))
                .file("openapi.yaml", Fixture.resource("specs/public/" + folder + "/openapi.yaml"))
                .file("openapi-validator.yml", validatorYml).start();
    }

    private static HttpResponse<String> post(TestService s, String path, String body) {
        return s.send(s.request(path).POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json").build());
    }

    @Test
    void petclinicAcceptsAVetWithoutItsReadOnlyIdAndAnswersErrorsAsItsProblemDetail() {
        try (TestService s = start("petclinic", "{}\n")) {
            HttpResponse<String> created = post(s, "/petclinic/api/vets", "{\"firstName\":\"James\",\"lastName\":\"Carter\",\"specialties\":[]}");
            assertEquals(200, created.statusCode(), "id is readOnly in an allOf part, required outside: " + created.body());

            HttpResponse<String> bad = post(s, "/petclinic/api/vets", "{\"firstName\":\"1\",\"lastName\":\"Carter\",\"specialties\":[]}");
            assertEquals(400, bad.statusCode(), bad.body());
            assertEquals("application/json", bad.headers().firstValue("Content-Type").orElse(""));
            OpenApiSpec spec = SpecLoader.load(dir.resolve("openapi.yaml"));
            String pointer = spec.operations().stream().filter(o -> o.endpoint().equals("/petclinic/api/vets@post"))
                    .findFirst().orElseThrow().responses().get("400").content().get("application/json");
            JsonNode body = Fixture.json(bad);
            assertEquals(List.of(), new SchemaCheck(spec).problems(new SchemaCheck.Item(pointer, body, true)), bad.body());
            assertEquals(400, body.path("status").asInt());
            assertEquals("Bad Request", body.path("title").asText());
            assertTrue(body.path("schemaValidationErrors").path(0).path("message").asText().contains("regex"), bad.body());
        }
    }

    @Test
    void spotifyQueueItemsAreChosenByTheTypeTheirVariantPins() {
        try (TestService s = start("spotify", "validateResponse: enforce\n")) {
            String queue = "{\"currently_playing\":{\"type\":\"track\",\"name\":\"Song\"},\"queue\":[{\"type\":\"track\",\"name\":\"Next\"}]}";
            HttpResponse<String> ok = s.get("/v1/me/player/queue?respond=" + URLEncoder.encode(queue, StandardCharsets.UTF_8));
            assertEquals(200, ok.statusCode(), "type: track names TrackObject: " + ok.body());

            String episode = "{\"queue\":[{\"type\":\"episode\",\"name\":\"Talk\"}]}";
            HttpResponse<String> bad = s.get("/v1/me/player/queue?respond=" + URLEncoder.encode(episode, StandardCharsets.UTF_8));
            assertEquals(500, bad.statusCode(), bad.body());
            assertTrue(bad.body().contains("required property 'show' not found"), "the episode variant's own errors: " + bad.body());
            assertTrue(!bad.body().contains("enumeration"), "episode is a discriminator value: " + bad.body());
        }
    }
}
