package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Swagger 2.0 specs are converted to OpenAPI 3.0 when loaded (src/test/resources/swagger2/features.yaml
 * uses every converted feature), and problems name the line and key of the 2.0 file as written.
 */
class Swagger2ConversionTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = Swagger2ConversionTest.class.getResourceAsStream("/swagger2/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private OpenApiSpec features() throws IOException {
        return SpecLoader.load(write("s2.yaml", resource("features.yaml")));
    }

    private static Operation op(OpenApiSpec spec, String operationId) {
        return spec.operations().stream().filter(o -> operationId.equals(o.operationId())).findFirst().orElseThrow();
    }

    private static Parameter param(Operation op, String name) {
        return op.parameters().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    /** The 1-based line of the first line of {@code text} containing {@code marker}. */
    private static int lineOf(String text, String marker) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains(marker)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line with " + marker);
    }

    @Test
    void hostBasePathAndSchemesBecomeServersAndTheBasePathRoutes() throws Exception {
        OpenApiSpec spec = features();
        assertEquals(Swagger2Converter.OPENAPI_VERSION, spec.version());
        assertFalse(spec.isV31());
        assertEquals("/v1", spec.basePath());
        assertEquals("https://api.example.com:8443/v1", spec.bundle().at("/servers/0/url").asText());
        assertEquals("http://api.example.com:8443/v1", spec.bundle().at("/servers/1/url").asText());
        assertEquals("/v1/pets/{petId}", op(spec, "getPet").template());
    }

    @Test
    void collectionFormatsBecomeStylesAndPathItemParametersApply() throws Exception {
        Operation list = op(features(), "listPets");
        assertEquals(Parameter.Style.FORM, param(list, "tags").style());
        assertFalse(param(list, "tags").explode());
        assertEquals(Parameter.Style.FORM, param(list, "ids").style());
        assertTrue(param(list, "ids").explode());
        assertEquals(Parameter.Style.SPACE_DELIMITED, param(list, "words").style());
        assertEquals(Parameter.Style.PIPE_DELIMITED, param(list, "kinds").style());
        assertEquals("integer", param(list, "ids").schema().at("/items/type").asText());
        // the $ref to #/parameters/limit now points into components
        assertEquals(20, param(list, "limit").schema().get("default").asInt());
        assertEquals(1, param(list, "limit").schema().get("minimum").asInt());
        assertEquals(Parameter.In.HEADER, param(list, "X-Trace").in());
        Operation get = op(features(), "getPet");
        assertEquals("int64", param(get, "petId").schema().get("format").asText());
        assertTrue(param(get, "petId").required());
    }

    @Test
    void aBodyParameterBecomesARequestBodyPerConsumedMediaType() throws Exception {
        OpenApiSpec spec = features();
        Operation add = op(spec, "addPet");
        assertTrue(add.requestBody().required());
        assertEquals(Set.of("application/json", "application/xml"), add.requestBody().content().keySet());
        JsonNode schema = spec.bundle().at(add.requestBody().content().get("application/json"));
        assertEquals("#/components/schemas/Pet", schema.get("$ref").asText());
        assertTrue(add.parameters().stream().noneMatch(p -> p.name().equals("pet")), "the body is no parameter in 3.0");
    }

    @Test
    void formDataBecomesAFormBodyAndAFileMakesItMultipart() throws Exception {
        OpenApiSpec spec = features();
        Operation form = op(spec, "updatePetForm");
        assertEquals(Set.of("application/x-www-form-urlencoded"), form.requestBody().content().keySet());
        JsonNode schema = spec.bundle().at(form.requestBody().content().get("application/x-www-form-urlencoded"));
        assertEquals("object", schema.get("type").asText());
        assertEquals(List.of("name"), List.of(schema.get("required").get(0).asText()));
        assertEquals("array", schema.at("/properties/nicknames/type").asText());
        JsonNode encoding = spec.bundle().at("/paths/~1pets~1{petId}/post/requestBody/content/application~1x-www-form-urlencoded/encoding/nicknames");
        assertTrue(encoding.get("explode").asBoolean(), encoding.toString());

        Operation upload = op(spec, "uploadPhoto");
        assertEquals(Set.of("multipart/form-data"), upload.requestBody().content().keySet());
        JsonNode file = spec.bundle().at(upload.requestBody().content().get("multipart/form-data")).at("/properties/file");
        assertEquals("string", file.get("type").asText());
        assertEquals("binary", file.get("format").asText());
    }

    @Test
    void responsesGetContentHeadersExamplesAndComponentRefs() throws Exception {
        OpenApiSpec spec = features();
        Operation list = op(spec, "listPets");
        assertEquals(Set.of("200", "default"), list.responses().keySet());
        assertEquals(Set.of("application/json"), list.responses().get("200").content().keySet());
        JsonNode ok = spec.bundle().at("/paths/~1pets/get/responses/200");
        assertEquals("integer", ok.at("/headers/X-Rate-Limit/schema/type").asText());
        assertEquals("Rex", ok.at("/content/application~1json/example/0/name").asText());
        assertEquals("#/components/schemas/Pet", ok.at("/content/application~1json/schema/items/$ref").asText());

        Operation get = op(spec, "getPet");
        assertEquals(Set.of("application/json"), get.responses().get("404").content().keySet(), "#/responses/NotFound followed");
        assertEquals("not found", spec.bundle().at("/components/responses/NotFound/description").asText());

        Operation photo = op(spec, "getPhoto");
        JsonNode png = spec.bundle().at(photo.responses().get("200").content().get("image/png"));
        assertEquals("binary", png.get("format").asText());
    }

    @Test
    void securityDefinitionsBecomeSecuritySchemesWithTheirFlows() throws Exception {
        OpenApiSpec spec = features();
        Map<String, SecurityScheme> schemes = spec.securitySchemes();
        assertEquals(SecurityScheme.Kind.HTTP_BASIC, schemes.get("basicAuth").kind());
        assertEquals(SecurityScheme.Kind.API_KEY, schemes.get("key").kind());
        assertEquals("X-Api-Key", schemes.get("key").parameterName());
        assertEquals("header", schemes.get("key").in());
        JsonNode components = spec.bundle().at("/components/securitySchemes");
        assertEquals("https://auth.example.com/authorize", components.at("/implicitAuth/flows/implicit/authorizationUrl").asText());
        assertTrue(components.at("/passwordAuth/flows/password/tokenUrl").isTextual());
        assertEquals("admin", components.at("/appAuth/flows/clientCredentials/scopes/admin").asText());
        assertTrue(components.at("/codeAuth/flows/authorizationCode/tokenUrl").isTextual());
        assertEquals(SecurityScheme.Kind.OAUTH2, schemes.get("codeAuth").kind());
        Operation list = op(spec, "listPets");
        assertEquals(Set.of("write"), list.scopes());
        assertEquals(2, list.security().size());
        assertNull(op(spec, "getPet").security());
    }

    @Test
    void schemaKeywordsOf2Point0AreRewritten() throws Exception {
        JsonNode pet = features().bundle().at("/components/schemas/Pet");
        assertTrue(pet.at("/properties/tag/nullable").asBoolean());
        assertTrue(pet.at("/properties/tag/x-nullable").isMissingNode());
        assertEquals("kind", pet.at("/discriminator/propertyName").asText());
    }

    @Test
    void aSwaggerFileIsTheSpecOfAFolderWithoutOpenapiYaml() throws Exception {
        write("swagger.yaml", resource("features.yaml"));
        ConfigLoader loader = ConfigLoader.builder().configDirs(List.of(dir)).env(k -> null).build();
        assertEquals("/v1", SpecLoader.load(loader).basePath());
        write("openapi.yaml", "openapi: 3.0.3\ninfo: {title: t, version: '1'}\nservers: [{url: /v3}]\npaths: {}\n");
        ConfigLoader both = ConfigLoader.builder().configDirs(List.of(dir)).env(k -> null).build();
        assertEquals("/v3", SpecLoader.load(both).basePath(), "openapi.yaml wins over swagger.yaml");
    }

    @Test
    void whatIsNotConvertedIsRefusedAtItsLineInTheOriginalFile() throws Exception {
        String text = resource("features.yaml").replace("collectionFormat: pipes", "collectionFormat: tsv");
        ConfigException e = assertThrows(ConfigException.class, () -> SpecLoader.load(write("s2.yaml", text)));
        assertTrue(e.getMessage().startsWith(dir.resolve("s2.yaml") + ":" + lineOf(text, "collectionFormat: tsv")
                + ": /paths/~1pets/get/parameters/4/collectionFormat: collectionFormat tsv has no OpenAPI 3 style"), e.getMessage());

        String external = resource("features.yaml").replace("$ref: \"#/parameters/petBody\"", "$ref: \"common.yaml#/body\"");
        e = assertThrows(ConfigException.class, () -> SpecLoader.load(write("s2.yaml", external)));
        assertTrue(e.getMessage().startsWith(dir.resolve("s2.yaml") + ":" + lineOf(external, "common.yaml#/body")
                + ": /paths/~1pets/post/parameters/0/$ref: 'common.yaml#/body'"), e.getMessage());
    }

    @Test
    void problemsFoundAfterConversionNameTheOriginalKeyAndLine() throws Exception {
        // the body's schema moves to requestBody/content/...; the dangling $ref is reported where it is written
        String text = resource("features.yaml").replace("petBody: {name: pet, in: body, required: true, schema: {$ref: \"#/definitions/Pet\"}}",
                "petBody:\n    name: pet\n    in: body\n    schema:\n      $ref: \"#/definitions/Missing\"");
        ConfigException e = assertThrows(ConfigException.class, () -> SpecLoader.load(write("s2.yaml", text)));
        assertTrue(e.getMessage().startsWith(dir.resolve("s2.yaml") + ":" + lineOf(text, "#/definitions/Missing")
                + ": /parameters/petBody/schema/$ref: $ref '/components/schemas/Missing' does not resolve"), e.getMessage());

        // a path the router refuses, reported under paths as written
        String badPath = resource("features.yaml").replace("  /pets/{petId}/photo:", "  /pets/{petId}/{petId}:");
        e = assertThrows(ConfigException.class, () -> SpecLoader.load(write("s2.yaml", badPath)));
        assertTrue(e.getMessage().startsWith(dir.resolve("s2.yaml") + ":" + lineOf(badPath, "/pets/{petId}/{petId}:")
                + ": /paths/~1pets~1{petId}~1{petId}"), e.getMessage());
    }

    @Test
    void aResponseSchemasProblemIsReportedAtTheResponsesSchema() throws Exception {
        String text = resource("features.yaml").replace("\"200\": {description: a pet, schema: {$ref: \"#/definitions/Pet\"}}",
                "\"200\": {description: a pet, schema: {$ref: \"#/definitions/Nope\"}}");
        ConfigException e = assertThrows(ConfigException.class, () -> SpecLoader.load(write("s2.yaml", text)));
        assertTrue(e.getMessage().startsWith(dir.resolve("s2.yaml") + ":" + lineOf(text, "#/definitions/Nope")
                + ": /paths/~1pets~1{petId}/get/responses/200/schema/$ref: $ref '/components/schemas/Nope' does not resolve"), e.getMessage());
    }

    @Test
    void itemsGivenAsAListAreDroppedAsOpenApi3HasNoTuples() throws Exception {
        // Slack's spec writes "a message or null" as items: [{$ref}, {type: 'null'}] on a property that is no array
        String text = resource("features.yaml").replace("      tag: {type: string, x-nullable: true}",
                "      tag: {type: string, x-nullable: true}\n      latest: {items: [{$ref: \"#/definitions/Error\"}, {type: \"null\"}]}");
        JsonNode latest = SpecLoader.load(write("s2.yaml", text)).bundle().at("/components/schemas/Pet/properties/latest");
        assertTrue(latest.isObject() && latest.get("items") == null, latest.toString());
    }

    @Test
    void anotherSwaggerVersionIsNamed() throws Exception {
        ConfigException e = assertThrows(ConfigException.class, () -> SpecLoader.load(
                write("s1.yaml", "info: {title: t, version: '1'}\nswagger: '1.2'\npaths: {}\n")));
        assertTrue(e.getMessage().startsWith(dir.resolve("s1.yaml") + ":2: /swagger: expected swagger: \"2.0\""), e.getMessage());
        e = assertThrows(ConfigException.class, () -> SpecLoader.load(write("none.yaml", "info: {title: t, version: '1'}\npaths: {}\n")));
        assertTrue(e.getMessage().contains("(or swagger: \"2.0\")"), e.getMessage());
    }
}
