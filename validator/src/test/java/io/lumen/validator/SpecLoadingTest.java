package io.lumen.validator;

import io.lumen.config.ConfigException;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** OpenAPI 3.1 vs 3.0 null handling, base paths, and broken specs that stop startup with file, line and pointer. */
class SpecLoadingTest {
    @TempDir
    Path dir;

    private static HttpResponse<String> post(TestService s, String path, String json) {
        return s.send(s.request(path).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    @Test
    void openApi31TypeArraysAllowNullAndNumericExclusiveMinimum() {
        try (TestService s = Fixture.service(dir, "v31", "openapi.yaml").start()) {
            assertEquals(200, post(s, "/notes", "{\"text\":null,\"rank\":1}").statusCode());
            HttpResponse<String> bad = post(s, "/notes", "{\"text\":5,\"rank\":0}");
            assertEquals(400, bad.statusCode(), bad.body());
            assertEquals(2, Fixture.json(bad).path("errors").size(), bad.body());
            assertEquals("null", Fixture.json(s.get("/notes?rank=")).path("query").path("rank").toString());
            assertEquals("3", Fixture.json(s.get("/notes?rank=3")).path("query").path("rank").toString());
        }
    }

    @Test
    void openApi30NullableFollowsHandleNullableField() {
        try (TestService s = Fixture.service(dir, "v30", "openapi.yaml", "schemas/thing.yaml", "schemas/common.yaml").start()) {
            assertEquals(200, post(s, "/api/things", "{\"name\":\"a\",\"note\":null}").statusCode());
        }
        try (TestService s = Fixture.service(dir, "v30", "openapi.yaml", "schemas/thing.yaml", "schemas/common.yaml")
                .file("openapi-validator.yml", "handleNullableField: false\n").start()) {
            HttpResponse<String> r = post(s, "/api/things", "{\"name\":\"a\",\"note\":null}");
            assertEquals(400, r.statusCode());
            assertEquals("body/note", Fixture.json(r).path("errors").get(0).path("location").asText()
                    + Fixture.json(r).path("errors").get(0).path("pointer").asText());
        }
    }

    private ConfigException startFails(String spec) {
        TestService s = TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml")).file("openapi.yaml", spec);
        return assertThrows(ConfigException.class, s::start);
    }

    @Test
    void aBadVersionNamesFileLineAndPointer() {
        ConfigException e = startFails("openapi: 2.0\ninfo: {title: t, version: '1'}\npaths: {}\n");
        assertTrue(e.getMessage().matches(".*openapi\\.yaml:1: /openapi: expected an OpenAPI version 3\\.0\\.x or 3\\.1\\.x.*"), e.getMessage());
    }

    @Test
    void anUnresolvableRefNamesFileLineAndPointer() {
        ConfigException e = startFails("""
                openapi: 3.0.3
                info: {title: t, version: '1'}
                paths:
                  /a:
                    get:
                      parameters:
                        - $ref: '#/components/parameters/Nope'
                      responses: {'200': {description: ok}}
                """);
        assertTrue(e.getMessage().contains("openapi.yaml:7: /paths/~1a/get/parameters/0/$ref: $ref '/components/parameters/Nope' does not resolve"),
                e.getMessage());
    }

    @Test
    void aMissingReferencedFileAndABadStyleAreReported() {
        ConfigException missing = startFails("""
                openapi: 3.1.0
                info: {title: t, version: '1'}
                paths:
                  /a:
                    post:
                      requestBody: {content: {application/json: {schema: {$ref: 'gone.yaml#/Pet'}}}}
                      responses: {'200': {description: ok}}
                """);
        assertTrue(missing.getMessage().contains("openapi.yaml:6: /paths/~1a/post/requestBody/content/application~1json/schema/$ref: 'gone.yaml' is not in the config dirs"),
                missing.getMessage());
        ConfigException style = startFails("""
                openapi: 3.1.0
                info: {title: t, version: '1'}
                paths:
                  /a/{id}:
                    get:
                      parameters:
                        - name: id
                          in: path
                          style: deepObject
                          schema: {type: string}
                      responses: {'200': {description: ok}}
                """);
        assertTrue(style.getMessage().contains("openapi.yaml:9: /paths/~1a~1{id}/get/parameters/0/style: style 'deepObject' is not allowed for path parameters"),
                style.getMessage());
    }

    @Test
    void anErrorInAReferencedFileNamesThatFile() {
        TestService s = TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml"))
                .file("openapi.yaml", """
                        openapi: 3.0.3
                        info: {title: t, version: '1'}
                        paths:
                          /a:
                            post:
                              requestBody: {content: {application/json: {schema: {$ref: 'pet.yaml#/Pet'}}}}
                              responses: {'200': {description: ok}}
                        """)
                .file("pet.yaml", "Pet:\n  type: object\n  properties:\n    tag: {$ref: '#/Tag'}\n");
        ConfigException e = assertThrows(ConfigException.class, s::start);
        assertTrue(e.getMessage().contains("pet.yaml:4: /Pet/properties/tag/$ref"), e.getMessage());
    }

    /** A service on the validator's test routes whose openapi.yaml is a 3.0.3 header and these {@code paths}. */
    private TestService withPaths(String paths) {
        return TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml"))
                .file("openapi.yaml", "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n" + paths.indent(2));
    }

    @Test
    void anOperationGivenAsARefToAnotherFileIsReadWithTheRefsOfThatFile() {
        // OpenAPI names only path items as $ref targets, but split specs (DigitalOcean's, for one) also
        // $ref whole operations; their own $refs are relative to the operation's file
        TestService s = withPaths("""
                          /keys/{id}:
                            get: {$ref: 'resources/keys_get.yaml'}
                            delete: {$ref: 'resources/keys_delete.yaml'}
                        """)
                .file("resources/keys_get.yaml", """
                        operationId: getKey
                        parameters:
                          - $ref: 'parameters/id.yaml'
                        responses: {'200': {description: ok}}
                        """)
                .file("resources/keys_delete.yaml", """
                        operationId: deleteKey
                        parameters:
                          - $ref: 'parameters/id.yaml'
                        responses: {'204': {description: gone}}
                        """)
                .file("resources/parameters/id.yaml", "{name: id, in: path, required: true, schema: {type: integer, minimum: 1}}\n");
        try (TestService started = s.start()) {
            assertEquals(200, started.get("/keys/5").statusCode());
            HttpResponse<String> bad = started.get("/keys/x");
            assertEquals(400, bad.statusCode(), bad.body());
            assertTrue(bad.body().contains("path.id"), bad.body());
            HttpResponse<String> zero = started.send(started.request("/keys/0").DELETE().build());
            assertEquals(400, zero.statusCode(), zero.body());
        }
    }

    @Test
    void aMistakeInAReferencedOperationNamesItsFileAndLine() {
        TestService s = withPaths("""
                          /keys/{id}:
                            get: {$ref: 'keys_get.yaml'}
                        """)
                .file("keys_get.yaml", """
                        operationId: getKey
                        responses: {'200': {description: ok}}
                        """);
        ConfigException e = assertThrows(ConfigException.class, s::start);
        assertTrue(e.getMessage().contains("keys_get.yaml:1: ") && e.getMessage().contains("path parameter {id}"), e.getMessage());
    }

    @Test
    void aPropertiesMapGivenAsARefIsReplacedByItsTarget() {
        // properties: {$ref: ...} shares a whole map of properties (JSON Reference semantics), as split specs do
        TestService s = withPaths("""
                          /boxes:
                            post:
                              requestBody:
                                required: true
                                content:
                                  application/json:
                                    schema:
                                      type: object
                                      required: [size]
                                      properties: {$ref: 'models/attributes.yaml#/box'}
                              responses: {'200': {description: ok}}
                        """)
                .file("models/attributes.yaml", """
                        box:
                          size: {$ref: 'sizes.yaml#/size'}
                          label: {type: string, maxLength: 5}
                        """)
                .file("models/sizes.yaml", "size: {type: integer, minimum: 1}\n");
        try (TestService started = s.start()) {
            assertEquals(200, post(started, "/boxes", "{\"size\":2,\"label\":\"ok\"}").statusCode());
            HttpResponse<String> small = post(started, "/boxes", "{\"size\":0}");
            assertEquals(400, small.statusCode(), small.body());
            assertTrue(small.body().contains("/size"), small.body());
            HttpResponse<String> label = post(started, "/boxes", "{\"size\":1,\"label\":\"too long\"}");
            assertEquals(400, label.statusCode(), label.body());
            assertTrue(label.body().contains("/label"), label.body());
        }
    }

    @Test
    void aPropertiesMapIncludingItselfIsAnErrorAtItsFileAndLine() {
        TestService s = withPaths("""
                          /boxes:
                            post:
                              requestBody: {content: {application/json: {schema: {$ref: 'loop.yaml#/box'}}}}
                              responses: {'200': {description: ok}}
                        """)
                .file("loop.yaml", """
                        box:
                          type: object
                          properties: {$ref: '#/inner'}
                        inner:
                          child: {type: object, properties: {$ref: '#/inner'}}
                        """);
        ConfigException e = assertThrows(ConfigException.class, s::start);
        assertTrue(e.getMessage().contains("loop.yaml:") && e.getMessage().contains("(a cycle?)"), e.getMessage());
    }

    @Test
    void aPathParameterWithTextAroundItInItsSegmentIsMatchedAndValidated() {
        TestService s = withPaths("""
                          /Accounts/{Sid}.json:
                            get:
                              parameters:
                                - {name: Sid, in: path, required: true, schema: {type: string, pattern: '^AC[0-9]+$'}}
                              responses: {'200': {description: ok}}
                          /Accounts/{Sid}:
                            get:
                              parameters:
                                - {name: Sid, in: path, required: true, schema: {type: integer}}
                              responses: {'200': {description: ok}}
                          /Accounts/Usage.json:
                            get:
                              responses: {'200': {description: ok}}
                        """);
        try (TestService started = s.start()) {
            assertEquals(200, started.get("/Accounts/AC12.json").statusCode());
            assertEquals(200, started.get("/Accounts/Usage.json").statusCode(), "the literal path wins");
            HttpResponse<String> bad = started.get("/Accounts/XY.json");
            assertEquals(400, bad.statusCode(), bad.body());
            assertTrue(bad.body().contains("path.Sid") && bad.body().contains("pattern"), bad.body());
            assertEquals(200, started.get("/Accounts/12").statusCode(), "no suffix: the whole-segment parameter");
            assertEquals(400, started.get("/Accounts/AC12.xml").statusCode(), "not .json: an integer Sid is expected");
        }
    }
}
