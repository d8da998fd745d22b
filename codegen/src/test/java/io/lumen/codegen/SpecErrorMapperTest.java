package io.lumen.codegen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A generated project owns an error mapper, named in its validator config: edited to build a shape
 * Lumen cannot fill, Lumen's 400 answers in the spec's declared error format.
 */
class SpecErrorMapperTest {
    private static final String SPEC = """
            openapi: 3.0.3
            info: {title: Faults, version: '1'}
            paths:
              /items:
                get:
                  operationId: listItems
                  parameters:
                    - {name: limit, in: query, required: true, schema: {type: integer, maximum: 10}}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {type: array, items: {type: string}}
                    '400':
                      description: the service's own fault shape
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [fault]
                            properties:
                              fault:
                                type: object
                                required: [reasonCode, text]
                                properties:
                                  reasonCode: {type: string}
                                  text: {type: string}
            """;

    @Test
    void theUserOwnedMapperAnswersLumensRejectionsInTheDeclaredShape(@TempDir Path dir) throws Exception {
        Path spec = dir.resolve("faults.yaml");
        Files.writeString(spec, SPEC);
        GeneratedProject p = GeneratedProject.generate(spec, dir.resolve("out"));
        assertEquals(0, p.exit, p.err);
        String config = Files.readString(dir.resolve("out/config/openapi-validator.yml"));
        assertTrue(config.contains("mapper: ${openapi-validator.errorFormat.mapper:com.example.faults.errors.SpecErrorMapper}"), config);
        Path mapper = dir.resolve("out/src/main/java/com/example/faults/errors/SpecErrorMapper.java");
        String text = Files.readString(mapper);
        assertTrue(text.contains("public final class SpecErrorMapper implements ErrorMapper"), text);
        Files.writeString(mapper, text.replace("        return null;\n",
                "        return java.util.Map.of(\"fault\", java.util.Map.of(\"reasonCode\", error.status().code(), \"text\", error.description()));\n"));
        assertEquals("", p.compile());
        try (GeneratedProject.Running service = p.start(Map.of())) {
            service.expect(200, "GET", "/items?limit=3", null, null);
            HttpResponse<String> bad = service.expect(400, "GET", "/items?limit=11", null, null);
            assertTrue(bad.body().startsWith("{\"fault\":{") && bad.body().contains("\"reasonCode\":\"ERR11004\""), bad.body());
        }
    }
}
