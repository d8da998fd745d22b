package io.lumen.validator;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rejections: conversion and schema errors, required parameters and bodies, all errors in one 400. */
class RequestValidationTest {
    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = Fixture.service(dir, "v30", "openapi.yaml", "schemas/thing.yaml", "schemas/common.yaml").start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static JsonNode status(int expected, HttpRequest request) {
        HttpResponse<String> r = service.send(request);
        assertEquals(expected, r.statusCode(), r.body());
        return Fixture.json(r);
    }

    private static JsonNode get(int expected, String path) {
        return status(expected, service.request(path).GET().build());
    }

    private static JsonNode post(int expected, String path, String contentType, String body) {
        HttpRequest.Builder b = service.request(path).POST(HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        return status(expected, b.build());
    }

    private static List<String> locations(JsonNode error) {
        List<String> out = new ArrayList<>();
        error.path("errors").forEach(e -> out.add(e.path("code").asText() + " " + e.path("location").asText() + e.path("pointer").asText()));
        return out;
    }

    @Test
    void aNonNumericIntegerIsAConversionError() {
        JsonNode e = get(400, "/api/items?limit=ten");
        assertEquals("ERR11010", e.path("code").asText());
        assertEquals(List.of("ERR11010 query.limit"), locations(e));
        assertTrue(e.path("description").asText().contains("'ten' is not an integer"), e.toString());
    }

    @Test
    void anArrayItemThatIsNotAnIntegerNamesTheItem() {
        JsonNode e = get(400, "/api/items?ids=1&ids=x");
        assertTrue(e.path("errors").get(0).path("message").asText().contains("item 1"), e.toString());
    }

    @Test
    void outOfRangeValuesAreSchemaErrors() {
        JsonNode e = get(400, "/api/items?limit=101");
        assertEquals("ERR11004", e.path("code").asText());
        assertEquals("query.limit", e.path("errors").get(0).path("location").asText());
        assertTrue(e.path("description").asText().startsWith("Schema Validation Error - query.limit: "), e.toString());
    }

    @Test
    void int32AndInt64RangesAreEnforced() {
        assertEquals(List.of("ERR11004 query.big"), locations(get(400, "/api/items?big=9223372036854775808")));
    }

    @Test
    void badFormatsAndEnumValuesAreEachReported() {
        JsonNode e = get(400, "/api/items?when=2024-02-30&uid=nope&mail=nope&color=blue&at=yesterday");
        assertEquals(List.of("ERR11004 query.when", "ERR11004 query.at", "ERR11004 query.uid", "ERR11004 query.mail",
                "ERR11004 query.color"), locations(e));
    }

    @Test
    void everyErrorOfARequestIsInOneResponse() {
        JsonNode e = status(400, service.request("/api/items?limit=0&flag=maybe&ids=1&ids=two")
                .header("X-Rate", "fast").header("Cookie", "session=abc").GET().build());
        assertEquals("ERR11004", e.path("code").asText());
        assertEquals(List.of("ERR11004 query.limit", "ERR11010 query.ids", "ERR11010 query.flag", "ERR11010 header.X-Rate",
                "ERR11010 cookie.session"), locations(e));
        String d = e.path("description").asText();
        for (String where : List.of("query.limit", "query.ids", "query.flag", "header.X-Rate", "cookie.session")) {
            assertTrue(d.contains(where), d);
        }
    }

    @Test
    void missingRequiredParametersHaveTheirOwnCodes() {
        assertEquals("ERR11000", get(400, "/api/required?").path("errors").get(0).path("code").asText());
        JsonNode e = get(400, "/api/required");
        assertEquals(List.of("ERR11000 query.q", "ERR11017 header.X-Key", "ERR11001 cookie.c"), locations(e));
        JsonNode one = status(400, service.request("/api/required?q=1").header("X-Key", "k").GET().build());
        assertEquals("ERR11001", one.path("code").asText());
        assertEquals("Parameter c is required on path /api/required but not found in request.",
                one.path("description").asText());
    }

    @Test
    void aValidJsonBodyReachesTheHandlerWithRefsAcrossFiles() {
        JsonNode out = post(200, "/api/things", "application/json", "{\"name\":\"box\",\"note\":null,\"secret\":\"s\"}");
        assertEquals("{\"name\":\"box\",\"note\":null,\"secret\":\"s\"}", out.path("body").toString());
    }

    @Test
    void aSchemaFromANestedReferencedFileIsApplied() {
        JsonNode e = post(400, "/api/things", "application/json", "{\"name\":\"\"}");
        assertEquals(List.of("ERR11004 body/name"), locations(e));
    }

    @Test
    void readOnlyPropertiesAreIgnoredInRequestsByDefaultAndNotRequired() {
        post(200, "/api/things", "application/json", "{\"id\":\"not even an integer\",\"name\":\"box\"}");
        post(200, "/api/things", "application/json", "{\"name\":\"box\"}");
    }

    @Test
    void severalBodyErrorsAreAllListed() {
        JsonNode e = post(400, "/api/things", "application/json", "{\"count\":3000000000,\"note\":7}");
        assertEquals(3, e.path("errors").size(), e.toString());
        List<String> l = locations(e);
        assertTrue(l.contains("ERR11004 body/count") && l.contains("ERR11004 body/note") && l.contains("ERR11004 body"), l.toString());
    }

    @Test
    void anEmptyRequiredBodyIsERR11014() {
        JsonNode e = post(400, "/api/things", "application/json", "");
        assertEquals("ERR11014", e.path("code").asText());
    }

    @Test
    void aMalformedJsonBodyIsRejectedByTheBodyParser() {
        JsonNode e = post(400, "/api/things", "application/json", "{\"name\": ");
        assertEquals("ERR10015", e.path("code").asText());
    }

    @Test
    void aBodyWhereNoneIsDeclaredIsERR11013() {
        JsonNode e = status(400, service.request("/api/pets/1").header("Content-Type", "application/json").header("key", "k")
                .method("DELETE", HttpRequest.BodyPublishers.ofString("{}")).build());
        assertEquals("ERR11013", e.path("code").asText());
    }

    @Test
    void anUndeclaredMediaTypeIs415() {
        JsonNode e = post(415, "/api/things", "text/plain", "hello");
        assertEquals("ERR19001", e.path("code").asText());
    }

    @Test
    void formBodiesAreConvertedByTheSchemaAndValidated() {
        assertEquals("{\"name\":\"box\",\"count\":3}",
                post(200, "/api/things", "application/x-www-form-urlencoded", "name=box&count=3").path("body").toString());
        assertEquals(List.of("ERR11010 body/count"), locations(post(400, "/api/things", "application/x-www-form-urlencoded", "name=box&count=x")));
    }

    @Test
    void theDiscriminatorSelectsOneSchemaAndReportsOnlyItsErrors() {
        post(200, "/api/shapes", "application/json", "{\"kind\":\"circle\",\"radius\":2}");
        assertEquals(List.of("ERR11004 body/radius"), locations(post(400, "/api/shapes", "application/json", "{\"kind\":\"circle\",\"radius\":0}")));
        assertEquals(List.of("ERR11004 body/side"), locations(post(400, "/api/shapes", "application/json", "{\"kind\":\"square\",\"side\":\"big\"}")));
        assertEquals(List.of("ERR11004 body/kind"), locations(post(400, "/api/shapes", "application/json", "{\"kind\":\"hexagon\"}")));
    }

    @Test
    void anUnknownPathIs404AndAnUnknownMethod405WithAllow() {
        JsonNode e = get(404, "/api/nowhere");
        assertEquals("ERR10007", e.path("code").asText());
        HttpResponse<String> r = service.send(service.request("/api/nothing").PUT(HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(405, r.statusCode());
        assertEquals("ERR10008", Fixture.json(r).path("code").asText());
        assertEquals("GET, HEAD, OPTIONS", r.headers().firstValue("Allow").orElse(""));
    }

    @Test
    void aLiteralPathBeatsATemplateWhateverTheSpecOrder() {
        assertEquals("myPets", get(200, "/api/pets/mine").path("operation").asText());
        assertEquals("showPet", get(200, "/api/pets/7").path("operation").asText());
        assertEquals(List.of("ERR11010 path.petId"), locations(get(400, "/api/pets/seven")));
        HttpResponse<String> del = service.send(service.request("/api/pets/mine").header("key", "k").DELETE().build());
        assertEquals(405, del.statusCode(), "the concrete path decides (OpenAPI): " + del.body());
        assertEquals("ERR10008", Fixture.json(del).path("code").asText());
    }

    @Test
    void theSpecificationAttachesEndpointAndScopes() {
        JsonNode out = get(200, "/api/pets/7");
        assertEquals("/api/pets/{petId}@get", out.path("endpoint").asText());
        assertEquals("[\"read\",\"admin\"]", out.path("scopes").toString(), "oauth2 scopes only, any one suffices");
        assertEquals("[\"read\"]", get(200, "/api/nothing").path("scopes").toString(), "the global requirement");
        JsonNode del = status(200, service.request("/api/pets/7").header("key", "k").DELETE().build());
        assertEquals(0, del.path("scopes").size(), "security: [] requires nothing");
    }
}
