package io.lumen.validator;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** POST /adm/reload re-reads openapi.yaml: matching and validation follow it; a broken spec is refused. */
class SpecReloadTest {
    private static final String HANDLER = """
            handlers:
              - io.lumen.validator.EchoHandler@echo
            chains:
              api: [exception, specification, body, validator]
            paths:
              - {path: '/*', method: GET, exec: [api, echo]}
              - {path: /adm/reload, method: POST, exec: [reload]}
            """;

    private static String spec(int maxLimit, String extraPath) {
        return """
                openapi: 3.0.3
                info: {title: reload, version: '1'}
                paths:
                  /pets:
                    get:
                      parameters:
                        - {name: limit, in: query, schema: {type: integer, maximum: %d}}
                      responses: {'200': {description: ok}}
                %s""".formatted(maxLimit, extraPath);
    }

    private static final String OWNERS = """
              /owners:
                get:
                  responses: {'200': {description: ok}}
            """;

    @TempDir
    Path dir;
    TestService svc;

    @AfterEach
    void stop() {
        if (svc != null) {
            svc.close();
        }
    }

    private HttpResponse<String> reload() {
        return svc.send(svc.request("/adm/reload").POST(HttpRequest.BodyPublishers.noBody()).build());
    }

    @Test
    void aChangedSpecChangesMatchingAndValidation() {
        svc = TestService.in(dir).file("handler.yml", HANDLER).file("openapi.yaml", spec(10, "")).start();
        assertEquals(404, svc.get("/owners").statusCode());
        assertEquals(400, svc.get("/pets?limit=50").statusCode());

        svc.file("openapi.yaml", spec(100, OWNERS));
        HttpResponse<String> r = reload();
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(200, svc.get("/owners").statusCode());
        assertEquals(200, svc.get("/pets?limit=50").statusCode());
        assertEquals(400, svc.get("/pets?limit=500").statusCode());
    }

    @Test
    void aBrokenSpecIsRefusedWithItsFileAndLineAndTheOldSpecKeepsValidating() {
        svc = TestService.in(dir).file("handler.yml", HANDLER).file("openapi.yaml", spec(10, "")).start();
        svc.file("openapi.yaml", spec(100, """
                  /owners:
                    get:
                      responses: {'200': {$ref: '#/components/responses/Missing'}}
                """));
        HttpResponse<String> r = reload();
        assertEquals(422, r.statusCode(), r.body());
        JsonNode error = Fixture.json(r);
        assertEquals("ERR19010", error.get("code").asText());
        assertTrue(error.get("file").asText().endsWith("openapi.yaml"), r.body());
        assertEquals(11, error.get("line").asInt(), r.body());
        assertTrue(error.get("description").asText().contains("openapi.yaml:11:"), r.body());

        assertEquals(404, svc.get("/owners").statusCode()); // the old spec still matches
        assertEquals(400, svc.get("/pets?limit=50").statusCode()); // and validates
        assertEquals(1, svc.service().generation());
    }
}
