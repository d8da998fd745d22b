package io.lumen.codegen.example;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.SpecLoader;
import io.lumen.validator.validation.SchemaCheck;
import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Synthesized stub and request values validate against the validator's view of the schema. */
class InstancesTest {
    private static final String REQUEST = "/paths/~1things/post/requestBody/content/application~1json/schema";
    private static final String RESPONSE = "/paths/~1things/post/responses/200/content/application~1json/schema";

    @Test
    void keywordsBesideARefAndUniquePatternItemsAreHonouredInRequests() throws Exception {
        OpenApiSpec spec = spec();
        JsonNode value = new Instances(spec.bundle(), Instances.Direction.REQUEST, false).of(REQUEST);
        assertEquals(List.of(), problems(spec, REQUEST, value, false), value.toString());
        assertEquals("string", value.path("thing").path("name").asText(), value.toString());
    }

    @Test
    void anAllOfPartNarrowingAPropertyToNullIsHonouredInResponses() throws Exception {
        OpenApiSpec spec = spec();
        JsonNode value = new Instances(spec.bundle(), Instances.Direction.RESPONSE, false).of(RESPONSE);
        assertEquals(List.of(), problems(spec, RESPONSE, value, true), value.toString());
        assertEquals(true, value.path("event").get("customer").isNull(), value.toString());
    }

    private static List<String> problems(OpenApiSpec spec, String pointer, JsonNode value, boolean response) {
        return SchemaCheck.check(spec, List.of(new SchemaCheck.Item(pointer, value, response))).get(0);
    }

    private static OpenApiSpec spec() throws URISyntaxException {
        return SpecLoader.load(Path.of(Objects.requireNonNull(InstancesTest.class.getResource("/specs/merged-schemas.yaml")).toURI()));
    }
}
