package io.lumen.validator;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.SpecLoader;
import io.lumen.testkit.TestService;
import io.lumen.config.ConfigException;
import io.lumen.status.ErrorContent;
import io.lumen.validator.errors.DeclaredError;
import io.lumen.validator.errors.ErrorFormatSettings;
import io.lumen.validator.errors.ErrorMapper;
import io.lumen.validator.errors.SpecErrorFormats;
import io.lumen.validator.validation.SchemaCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lumen's rejections answer in the error format the operation declares (exact status, 4XX, default):
 * problem details, {code: integer, message}, {error: {message, type, code}}, {status, message} through
 * allOf, a documented mapping; Lumen's error JSON where nothing fits. Every mapped body is checked
 * against its declared schema with the validator's own {@link SchemaCheck}.
 */
class ErrorFormatTest {
    @TempDir
    Path dir;

    private TestService start(String spec, String validatorYml) {
        return start0(spec, validatorYml).start();
    }

    private TestService start0(String spec, String validatorYml) {
        return TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml"))
                .file("openapi.yaml", Fixture.resource("specs/errors/" + spec))
                .file("openapi-validator.yml", validatorYml);
    }

    /** The body validates against the schema the operation declares for this status and media type. */
    private void assertDeclared(HttpResponse<String> r, String template, String method, String key, String mediaType) {
        OpenApiSpec spec = SpecLoader.load(dir.resolve("openapi.yaml"));
        String pointer = spec.operations().stream().filter(o -> o.specPath().equals(template) && o.method().equals(method))
                .findFirst().orElseThrow().responses().get(key).content().get(mediaType);
        List<String> problems = new SchemaCheck(spec).problems(new SchemaCheck.Item(pointer, Fixture.json(r), true));
        assertEquals(List.of(), problems, r.body());
        assertEquals(mediaType, r.headers().firstValue("Content-Type").orElse(""), r.body());
    }

    @Test
    void problemDetailsForValidationSecurityAndNotFound() {
        try (TestService s = start("problem.yaml", "{}\n")) {
            HttpResponse<String> bad = s.get("/api/books/123?limit=99");
            assertEquals(400, bad.statusCode(), bad.body());
            assertDeclared(bad, "/books/{isbn}", "GET", "4XX", "application/problem+json");
            JsonNode p = Fixture.json(bad);
            assertEquals(400, p.path("status").asInt());
            assertEquals("Bad Request", p.path("title").asText());
            assertEquals("about:blank", p.path("type").asText());
            assertEquals("/api/books/123", p.path("instance").asText());
            assertTrue(p.path("detail").asText().contains("limit"), bad.body());
            assertEquals(2, p.path("errors").size(), "Lumen's errors as an extension member: " + bad.body());

            HttpResponse<String> noBody = s.send(s.request("/api/books/9780000000001")
                    .PUT(HttpRequest.BodyPublishers.noBody()).build());
            assertEquals(400, noBody.statusCode(), noBody.body());
            assertDeclared(noBody, "/books/{isbn}", "PUT", "4XX", "application/problem+json");

            // a path under the spec that has no operation: every operation declares the same 4XX format
            HttpResponse<String> missing = s.get("/api/nothing/here");
            assertEquals(404, missing.statusCode(), missing.body());
            assertEquals("application/problem+json", missing.headers().firstValue("Content-Type").orElse(""));
            assertEquals(404, Fixture.json(missing).path("status").asInt());
            assertEquals("Not Found", Fixture.json(missing).path("title").asText());
        }
    }

    @Test
    void theBodySecurityAndRouterAnswerInTheDeclaredFormatToo() {
        String handlers = """
                handlers:
                  - io.lumen.validator.EchoHandler@echo
                chains:
                  api: [exception, specification, security, body, validator]
                paths:
                  - {path: '/api/books/{isbn}', method: GET, exec: [api, echo]}
                  - {path: '/api/books/{isbn}', method: PUT, exec: [api, echo]}
                """;
        try (TestService s = TestService.in(dir).file("handler.yml", handlers)
                .file("openapi.yaml", Fixture.resource("specs/errors/problem.yaml"))
                .file("security.yml", "jwt:\n  sharedSecret: 0123456789abcdef0123456789abcdef0123456789\n").start()) {
            HttpResponse<String> noToken = s.get("/api/books/9780000000001");
            assertEquals(401, noToken.statusCode(), noToken.body());
            assertDeclared(noToken, "/books/{isbn}", "GET", "4XX", "application/problem+json");
            assertEquals("ERR10002", Fixture.json(noToken).path("code").asText(), noToken.body());
            assertTrue(noToken.headers().firstValue("WWW-Authenticate").isPresent(), "security's own headers stay");

            HttpResponse<String> notRouted = s.get("/api/books"); // the router's 404: no route, under the spec's base path
            assertEquals(404, notRouted.statusCode(), notRouted.body());
            assertEquals("application/problem+json", notRouted.headers().firstValue("Content-Type").orElse(""));
            assertEquals(404, Fixture.json(notRouted).path("status").asInt(), notRouted.body());

            HttpResponse<String> methodNotRouted = s.send(s.request("/api/books/9780000000001").DELETE().build());
            assertEquals(405, methodNotRouted.statusCode(), methodNotRouted.body());
            assertEquals("application/problem+json", methodNotRouted.headers().firstValue("Content-Type").orElse(""));
            assertTrue(methodNotRouted.headers().firstValue("Allow").isPresent());

            HttpResponse<String> outside = s.get("/elsewhere");
            assertEquals(404, outside.statusCode());
            assertEquals("application/json", outside.headers().firstValue("Content-Type").orElse(""), "not a path of the spec");
        }
        try (TestService s = start("problem.yaml", "{}\n")) {
            HttpResponse<String> malformed = s.send(s.request("/api/books/9780000000001")
                    .PUT(HttpRequest.BodyPublishers.ofString("{\"title\":")).header("Content-Type", "application/json").build());
            assertEquals(400, malformed.statusCode(), malformed.body());
            assertDeclared(malformed, "/books/{isbn}", "PUT", "4XX", "application/problem+json");
            assertEquals("ERR10015", Fixture.json(malformed).path("code").asText(), "the body middleware's error: " + malformed.body());
        }
    }

    @Test
    void anErrorSchemaWithNothingRequiredCarriesTheMessageInItsOptionalNestedObject() {
        // a generated project's SpecErrorMapper returns null: the body came out {} (Qdrant's 4XX), with no word of the error
        try (TestService s = start("optional-nested.yaml", "errorFormat:\n  mapper: " + FaultMapper.class.getName() + "\n")) {
            HttpResponse<String> r = s.get("/api/points/minus-one");
            assertEquals(400, r.statusCode(), r.body());
            assertDeclared(r, "/points/{id}", "GET", "4XX", "application/json");
            assertTrue(Fixture.json(r).path("status").path("error").asText().contains("path.id"), r.body());
        }
    }

    /** A user's mapper, as a generated project would own one. */
    public static final class FaultMapper implements ErrorMapper {
        @Override
        public Object map(DeclaredError declared, ErrorContent error) {
            if (declared.operation() == null || !declared.operation().specPath().equals("/mapped")) {
                return null; // Lumen fills the other schemas itself
            }
            return Map.of("fault", Map.of("reasonCode", error.status().code(), "text", error.description()));
        }
    }

    @Test
    void eachOperationOfAPathAnswersInItsOwnDeclaredFormat() {
        try (TestService s = start("per-operation.yaml", "{}\n")) {
            HttpResponse<String> get = s.get("/api/things?limit=99");
            assertEquals(400, get.statusCode(), get.body());
            assertDeclared(get, "/things", "GET", "4XX", "application/problem+json");
            HttpResponse<String> post = s.send(s.request("/api/things").POST(HttpRequest.BodyPublishers.ofString("{}"))
                    .header("Content-Type", "application/json").build());
            assertEquals(400, post.statusCode(), post.body());
            assertDeclared(post, "/things", "POST", "400", "application/json");
            assertEquals(400, Fixture.json(post).path("code").asInt(), post.body());
        }
    }

    /** A user's mapper that fills the shared schema for one operation of a path only. */
    public static final class PostOnlyMapper implements ErrorMapper {
        @Override
        public Object map(DeclaredError declared, ErrorContent error) {
            if (declared.operation() == null || !declared.operation().method().equals("POST")) {
                return null;
            }
            return Map.of("fault", Map.of("reasonCode", error.status().code(), "text", error.description()));
        }
    }

    @Test
    void theMappersAnswerIsAskedPerOperationNotForTheFirstOperationOfThePath() {
        try (TestService s = start("per-operation.yaml", "errorFormat:\n  mapper: " + PostOnlyMapper.class.getName() + "\n")) {
            HttpResponse<String> post = s.send(s.request("/api/orders").POST(HttpRequest.BodyPublishers.ofString("{}"))
                    .header("Content-Type", "application/json").build());
            assertEquals(400, post.statusCode(), post.body());
            assertDeclared(post, "/orders", "POST", "400", "application/json");
            HttpResponse<String> get = s.get("/api/orders?limit=99");
            assertEquals(400, get.statusCode(), get.body());
            assertEquals("ERR11004", Fixture.json(get).path("code").asText(), "the mapper leaves GET to Lumen's error JSON: " + get.body());
        }
    }

    @Test
    void aUsersErrorMapperFillsWhatLumenCannot() {
        try (TestService s = start("shapes.yaml", "errorFormat:\n  mapper: " + FaultMapper.class.getName() + "\n")) {
            HttpResponse<String> mapped = s.get("/api/mapped");
            assertEquals(400, mapped.statusCode(), mapped.body());
            assertDeclared(mapped, "/mapped", "GET", "400", "application/json");
            assertEquals("ERR11000", Fixture.json(mapped).path("fault").path("reasonCode").asText(), mapped.body());
            HttpResponse<String> coded = s.send(s.request("/api/coded").POST(HttpRequest.BodyPublishers.ofString("{}"))
                    .header("Content-Type", "application/json").build());
            assertDeclared(coded, "/coded", "POST", "400", "application/json");
        }
    }

    @Test
    void aMapperThatIsNoErrorMapperStopsStartupNamingTheKey() {
        TestService s = start0("shapes.yaml", "errorFormat:\n  mapper: java.lang.String\n");
        ConfigException e = assertThrows(ConfigException.class, s::start);
        assertTrue(e.getMessage().contains("openapi-validator.yml") && e.getMessage().contains("errorFormat.mapper"), e.getMessage());
    }

    @Test
    void startupCountsTheOperationsThatFallBack() {
        try (TestService s = start("shapes.yaml", "{}\n")) {
            OpenApiSpec spec = SpecLoader.load(dir.resolve("openapi.yaml"));
            SpecErrorFormats formats = SpecErrorFormats.of(spec, new ErrorFormatSettings(null, null, null), new SchemaCheck(spec),
                    s.service().context().errors());
            assertEquals(5, formats.declaringOperations(), "coded, nested, status, nullable, named");
            assertEquals(2, formats.fallingBackOperations(), "unfillable, and mapped without errorFormat.properties");
        }
    }

    @Test
    void aMapperThatLeavesAnUnfillableSchemaToLumenCountsItAsFallingBack() {
        // a generated project's SpecErrorMapper returns null until its owner fills it in: those schemas still fall back
        try (TestService s = start("shapes.yaml", "{}\n")) {
            OpenApiSpec spec = SpecLoader.load(dir.resolve("openapi.yaml"));
            SpecErrorFormats formats = SpecErrorFormats.of(spec, new ErrorFormatSettings(null, null, FaultMapper.class.getName()),
                    new SchemaCheck(spec), s.service().context().errors());
            assertEquals(6, formats.declaringOperations(), "coded, nested, status, nullable, named, mapped (by the mapper)");
            assertEquals(1, formats.fallingBackOperations(), "unfillable: the mapper returns null for it and nothing fills traceId");
            // one reason: no empty "(; " before the pointer to the DEBUG lines (Hydra's and Mastodon's startup line had it)
            assertTrue(formats.summary().endsWith("errorFormat.mapper returns null for it (each operation at DEBUG io.lumen.validator.errors)"),
                    formats.summary());
        }
    }

    @Test
    void aCodeLimitedToAnEnumOfNamesGetsTheOneNamingTheStatus() {
        try (TestService s = start("shapes.yaml", "{}\n")) {
            HttpResponse<String> r = s.get("/api/named");
            assertEquals(400, r.statusCode(), r.body());
            assertDeclared(r, "/named", "GET", "default", "application/json");
            assertEquals("bad_request", Fixture.json(r).path("code").asText(), r.body());
            assertEquals(400, Fixture.json(r).path("status").asInt(), r.body());
        }
    }

    @Test
    void aRequiredPropertyNothingFillsButThatMayBeNullIsWrittenAsNull() {
        try (TestService s = start("shapes.yaml", "{}\n")) {
            HttpResponse<String> r = s.get("/api/nullable");
            assertEquals(400, r.statusCode(), r.body());
            assertDeclared(r, "/nullable", "GET", "400", "application/json");
            JsonNode error = Fixture.json(r).path("error");
            assertTrue(error.has("param") && error.get("param").isNull(), r.body());
            assertEquals("ERR11000", error.path("code").asText(), r.body());
        }
    }

    @Test
    void literalPathBesideATemplateAnswers405ForAnUndeclaredMethod() {
        try (TestService s = start("problem.yaml", "{}\n")) {
            HttpResponse<String> r = s.send(s.request("/api/books/featured")
                    .PUT(HttpRequest.BodyPublishers.ofString("{\"title\":\"x\"}")).header("Content-Type", "application/json").build());
            assertEquals(405, r.statusCode(), r.body());
            assertEquals("GET, HEAD, OPTIONS", r.headers().firstValue("Allow").orElse(""));
            assertEquals(200, s.get("/api/books/featured").statusCode());
            assertEquals(200, s.get("/api/books/9780000000001").statusCode());
        }
    }

    @Test
    void commonShapesAreFilledFromLumensError() {
        try (TestService s = start("shapes.yaml", "errorFormat:\n  properties:\n    fault.reasonCode: code\n    fault.text: description\n")) {
            HttpResponse<String> coded = s.send(s.request("/api/coded").POST(HttpRequest.BodyPublishers.ofString("{\"n\":\"x\"}"))
                    .header("Content-Type", "application/json").build());
            assertEquals(400, coded.statusCode(), coded.body());
            assertDeclared(coded, "/coded", "POST", "400", "application/json");
            assertEquals(400, Fixture.json(coded).path("code").asInt(), coded.body());
            assertTrue(Fixture.json(coded).path("message").asText().contains("/n"), coded.body());

            HttpResponse<String> nested = s.get("/api/nested");
            assertEquals(400, nested.statusCode(), nested.body());
            assertDeclared(nested, "/nested", "GET", "default", "application/json");
            assertEquals("ERR11000", Fixture.json(nested).path("error").path("code").asText(), nested.body());

            HttpResponse<String> status = s.get("/api/status");
            assertEquals(400, status.statusCode(), status.body());
            assertDeclared(status, "/status", "GET", "400", "application/json");
            assertEquals(400, Fixture.json(status).path("status").asInt(), status.body());
            assertEquals("query.q", Fixture.json(status).path("errors").path(0).path("field").asText(), status.body());

            HttpResponse<String> mapped = s.get("/api/mapped");
            assertEquals(400, mapped.statusCode(), mapped.body());
            assertDeclared(mapped, "/mapped", "GET", "400", "application/json");
            assertEquals("ERR11000", Fixture.json(mapped).path("fault").path("reasonCode").asText(), mapped.body());
        }
    }

    @Test
    void lumensErrorJsonWhereTheSpecDeclaresNothingOrCannotBeFilled() {
        try (TestService s = start("shapes.yaml", "{}\n")) {
            for (String path : List.of("/api/plain", "/api/unfillable", "/api/mapped")) {
                HttpResponse<String> r = s.get(path);
                assertEquals(400, r.statusCode(), r.body());
                assertEquals("application/json", r.headers().firstValue("Content-Type").orElse(""), path);
                assertEquals("ERR11000", Fixture.json(r).path("code").asText(), r.body());
            }
        }
    }

    @Test
    void switchedOffAnswersLumensErrorJson() {
        try (TestService s = start("problem.yaml", "errorFormat:\n  enabled: false\n")) {
            HttpResponse<String> bad = s.get("/api/books/123");
            assertEquals(400, bad.statusCode(), bad.body());
            assertEquals("application/json", bad.headers().firstValue("Content-Type").orElse(""));
            assertEquals("ERR11004", Fixture.json(bad).path("code").asText(), bad.body());
        }
    }

    /** A light-4j folder run as it is (its handler.yml names light-4j's classes) answers as light-4j did, unless told otherwise. */
    @Test
    void aLight4jHandlerYmlKeepsLight4jsErrorJsonUnlessTheFormatIsSwitchedOn() {
        String light4j = """
                handlers:
                  - com.networknt.exception.ExceptionHandler@exception
                  - com.networknt.openapi.OpenApiHandler@specification
                  - com.networknt.body.BodyHandler@body
                  - com.networknt.openapi.ValidatorHandler@validator
                  - io.lumen.validator.EchoHandler@echo
                chains:
                  api: [exception, specification, body, validator]
                paths:
                  - {path: '/*', method: GET, exec: [api, echo]}
                """;
        try (TestService s = TestService.in(dir).file("handler.yml", light4j)
                .file("openapi.yaml", Fixture.resource("specs/errors/problem.yaml")).file("openapi-validator.yml", "{}\n").start()) {
            HttpResponse<String> bad = s.get("/api/books/123");
            assertEquals(400, bad.statusCode(), bad.body());
            assertEquals("application/json", bad.headers().firstValue("Content-Type").orElse(""));
            assertEquals("ERR11004", Fixture.json(bad).path("code").asText(), bad.body());
        }
        try (TestService s = TestService.in(dir).file("handler.yml", light4j).file("openapi.yaml", Fixture.resource("specs/errors/problem.yaml"))
                .file("openapi-validator.yml", "errorFormat:\n  enabled: true\n").start()) {
            HttpResponse<String> bad = s.get("/api/books/123");
            assertEquals(400, bad.statusCode(), bad.body());
            assertDeclared(bad, "/books/{isbn}", "GET", "4XX", "application/problem+json");
        }
    }
}
