package io.lumen.validator;

import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A path key with a query part ({@code /responses?beta=true}) is routed by its path part. */
class PathKeysTest {
    @TempDir
    Path dir;

    @Test
    void aPathKeyWithAQueryPartIsRoutedByItsPath() {
        String spec = """
                openapi: 3.1.0
                info: {title: query in a path key, version: '1'}
                servers: [{url: /api}]
                paths:
                  /responses?beta=true:
                    get:
                      operationId: listResponses
                      responses: {'200': {description: ok}}
                """;
        try (TestService s = TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml"))
                .file("openapi.yaml", spec).start()) {
            HttpResponse<String> r = s.get("/api/responses?beta=true");
            assertEquals(200, r.statusCode(), r.body());
            assertEquals("listResponses", Fixture.json(r).path("operation").asText(), r.body());
            assertEquals(200, s.get("/api/responses").statusCode());
        }
    }

    /** OpenAI's spec declares {@code /responses} and {@code /responses?beta=true} with the same methods: the plain key routes. */
    @Test
    void aQueryVariantOfADeclaredPathLeavesTheRouteToThePlainKey() {
        String spec = """
                openapi: 3.1.0
                info: {title: query variant of a path, version: '1'}
                servers: [{url: /api}]
                paths:
                  /responses?beta=true:
                    post:
                      operationId: createBetaResponse
                      responses: {'200': {description: ok}}
                  /responses:
                    post:
                      operationId: createResponse
                      responses: {'200': {description: ok}}
                """;
        try (TestService s = TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml"))
                .file("openapi.yaml", spec).start()) {
            HttpResponse<String> r = s.send(s.request("/api/responses?beta=true").POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build());
            assertEquals(200, r.statusCode(), r.body());
            assertEquals("createResponse", Fixture.json(r).path("operation").asText(), r.body());
        }
    }
}
