package io.lumen.validator;

import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * OpenAPI 3.0 ignores keywords beside a {@code $ref}. Xero's Projects API (XeroAPI/Xero-OpenAPI {@code xero-projects.yaml}
 * at e952d0bda3628facbf7afc5990ad6a0e7e77bd1e, MIT) writes {@code rate: {$ref: Amount, type: number}} where
 * {@code Amount} is an object: read with 3.1's rules no value passed, so every task request was refused.
 */
class RefSiblingsTest {
    @TempDir
    Path dir;

    private static final String SPEC = """
            openapi: %s
            info: {title: Xero Projects excerpt, version: '1'}
            paths:
              /Tasks:
                post:
                  operationId: createTask
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/TaskCreateOrUpdate'}
                  responses: {'201': {description: created}}
            components:
              schemas:
                TaskCreateOrUpdate:
                  type: object
                  properties:
                    name: {type: string}
                    rate:
                      $ref: '#/components/schemas/Amount'
                      type: number
                  required: [name, rate]
                Amount:
                  type: object
                  properties:
                    currency: {type: string}
                    value: {type: number, format: double}
            """;

    private HttpResponse<String> post(TestService s, String body) {
        return s.send(s.request("/Tasks").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    @Test
    void aTypeBesideARefIsIgnoredIn30() {
        try (TestService s = TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml"))
                .file("openapi.yaml", SPEC.formatted("3.0.0")).start()) {
            HttpResponse<String> amount = post(s, "{\"name\": \"Design\", \"rate\": {\"currency\": \"NZD\", \"value\": 99.5}}");
            assertEquals(200, amount.statusCode(), amount.body());
            HttpResponse<String> number = post(s, "{\"name\": \"Design\", \"rate\": 99.5}");
            assertEquals(400, number.statusCode(), "rate is the referenced Amount: " + number.body());
        }
    }

    @Test
    void aTypeBesideARefStillAppliesIn31() {
        try (TestService s = TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml"))
                .file("openapi.yaml", SPEC.formatted("3.1.0")).start()) {
            HttpResponse<String> amount = post(s, "{\"name\": \"Design\", \"rate\": {\"currency\": \"NZD\", \"value\": 99.5}}");
            assertEquals(400, amount.statusCode(), "3.1 applies both, as JSON Schema 2020-12 does: " + amount.body());
        }
    }
}
