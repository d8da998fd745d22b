package io.lumen.validator;

import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** validateResponse: log passes a response that breaks the spec; enforce replaces it with 500 ERR19009. */
class ResponseValidationTest {
    @TempDir
    Path dir;

    private TestService start(String mode) {
        return Fixture.service(dir, "v30", "openapi.yaml", "schemas/thing.yaml", "schemas/common.yaml")
                .file("openapi-validator.yml", "validateResponse: " + mode + "\n").start();
    }

    @Test
    void enforceReplacesAResponseThatBreaksTheSpec() {
        try (TestService s = start("enforce")) {
            HttpResponse<String> ok = s.get("/api/items?respond=%7B%22a%22%3A1%7D");
            assertEquals(200, ok.statusCode());
            assertEquals("{\"a\":1}", ok.body());
            HttpResponse<String> bad = s.get("/api/items?respond=%5B1%5D");
            assertEquals(500, bad.statusCode(), bad.body());
            assertEquals("ERR19009", Fixture.json(bad).path("code").asText());
            assertTrue(Fixture.json(bad).path("description").asText().contains("body"), bad.body());
            assertEquals(200, s.get("/api/items?limit=1").statusCode(), "the connection and server still work");
        }
    }

    @Test
    void logKeepsTheResponse() {
        try (TestService s = start("log")) {
            HttpResponse<String> bad = s.get("/api/items?respond=%5B1%5D");
            assertEquals(200, bad.statusCode());
            assertEquals("[1]", bad.body());
        }
    }
}
