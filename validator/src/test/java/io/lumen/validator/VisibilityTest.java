package io.lumen.validator;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * readOnly through allOf (a property readOnly in one part and required outside), the
 * readOnlyProperties and coerceJsonBody settings, and discriminators whose variants pin the
 * discriminator property with enum instead of a mapping.
 */
class VisibilityTest {
    @TempDir
    Path dir;

    private TestService start(String validatorYml) {
        return TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml"))
                .file("openapi.yaml", Fixture.resource("specs/visibility/openapi.yaml"))
                .file("openapi-validator.yml", validatorYml).start();
    }

    private static HttpResponse<String> post(TestService s, String path, String body) {
        return s.send(s.request(path).POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json").build());
    }

    @Test
    void aPropertyReadOnlyInOneAllOfPartAndRequiredOutsideIsNotRequiredInRequests() {
        try (TestService s = start("{}\n")) {
            HttpResponse<String> r = post(s, "/api/items", "{\"name\":\"pen\"}");
            assertEquals(200, r.statusCode(), r.body());
            HttpResponse<String> roundTrip = post(s, "/api/items", "{\"id\":\"1\",\"name\":\"pen\"}");
            assertEquals(200, roundTrip.statusCode(), "readOnly properties are ignored by default: " + roundTrip.body());
            HttpResponse<String> noName = post(s, "/api/items", "{\"id\":1}");
            assertEquals(400, noName.statusCode(), "name stays required: " + noName.body());
        }
    }

    @Test
    void refusedReadOnlyPropertiesNameTheRule() {
        try (TestService s = start("readOnlyProperties: refuse\n")) {
            HttpResponse<String> r = post(s, "/api/items", "{\"id\":1,\"name\":\"pen\"}");
            assertEquals(400, r.statusCode(), r.body());
            JsonNode e = Fixture.json(r).path("errors").path(0);
            assertEquals("/id", e.path("pointer").asText(), r.body());
            assertEquals("readOnly property 'id' must not be sent", e.path("message").asText(), r.body());
            assertEquals(200, post(s, "/api/items", "{\"name\":\"pen\"}").statusCode());
        }
    }

    @Test
    void coercionOfJsonBodiesIsOffByDefaultAndConvertsWhenOn() {
        try (TestService s = start("{}\n")) {
            assertEquals(400, post(s, "/api/items", "{\"name\":\"pen\",\"price\":\"2.5\"}").statusCode());
        }
        try (TestService s = start("coerceJsonBody: true\n")) {
            HttpResponse<String> r = post(s, "/api/items", "{\"name\":\"pen\",\"price\":\"2.5\",\"active\":\"true\"}");
            assertEquals(200, r.statusCode(), r.body());
            assertEquals("{\"name\":\"pen\",\"price\":2.5,\"active\":true}", Fixture.json(r).path("body").toString());
            HttpResponse<String> bad = post(s, "/api/items", "{\"name\":\"pen\",\"price\":\"cheap\"}");
            assertEquals(400, bad.statusCode(), bad.body());
        }
    }

    @Test
    void discriminatorValuesPinnedByTheVariantsAreAcceptedBesideSchemaNames() {
        try (TestService s = start("{}\n")) {
            HttpResponse<String> pinned = post(s, "/api/messages",
                    "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"},{\"role\":\"system\",\"text\":\"be brief\"}]}");
            assertEquals(200, pinned.statusCode(), pinned.body());
            HttpResponse<String> wrongShape = post(s, "/api/messages", "{\"messages\":[{\"role\":\"system\",\"content\":\"hi\"}]}");
            assertEquals(400, wrongShape.statusCode(), wrongShape.body());
            assertTrue(wrongShape.body().contains("text"), "the chosen variant's error: " + wrongShape.body());
            HttpResponse<String> unknown = post(s, "/api/messages", "{\"messages\":[{\"role\":\"robot\",\"content\":\"hi\"}]}");
            assertEquals(400, unknown.statusCode(), unknown.body());
        }
    }

    @Test
    void discriminatorValuesPinnedWithConstAreAccepted() {
        String spec = """
                openapi: 3.1.0
                info: {title: const-pinned variants, version: '1'}
                servers: [{url: /api}]
                paths:
                  /media:
                    post:
                      requestBody:
                        required: true
                        content:
                          application/json:
                            schema:
                              oneOf: [{$ref: '#/components/schemas/Track'}, {$ref: '#/components/schemas/Episode'}]
                              discriminator: {propertyName: type}
                      responses: {'200': {description: ok}}
                components:
                  schemas:
                    Track:
                      type: object
                      required: [type, album]
                      properties: {type: {const: track}, album: {type: string}}
                    Episode:
                      type: object
                      required: [type, show]
                      properties: {type: {const: episode}, show: {type: string}}
                """;
        try (TestService s = TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml"))
                .file("openapi.yaml", spec).start()) {
            assertEquals(200, post(s, "/api/media", "{\"type\":\"episode\",\"show\":\"Talk\"}").statusCode());
            assertEquals(200, post(s, "/api/media", "{\"type\":\"track\",\"album\":\"A\"}").statusCode());
            HttpResponse<String> r = post(s, "/api/media", "{\"type\":\"episode\",\"album\":\"A\"}");
            assertEquals(400, r.statusCode(), r.body());
            assertTrue(r.body().contains("show"), "the episode variant's error: " + r.body());
        }
    }
}
