package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Files a spec references are read by YAML 1.2's core schema, as OpenAPI recommends: an unquoted
 * {@code NO} (Norway in Lago's public Country enum), {@code yes}, {@code on} or {@code off} is text, not
 * a YAML 1.1 boolean that no request could match.
 */
class YamlScalarsTest {
    @TempDir
    Path dir;

    @Test
    void plainScalarsOfAReferencedFileFollowYaml12CoreSchema() throws Exception {
        Files.writeString(dir.resolve("openapi.yaml"), "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n"
                + "  /countries/{code}:\n    get:\n      parameters:\n"
                + "        - {name: code, in: path, required: true, schema: {$ref: 'Country.yaml'}}\n"
                + "      responses: {'204': {description: ok}}\n");
        Files.writeString(dir.resolve("Country.yaml"), "type: string\nenum:\n  - NL\n  - NO\n  - yes\n  - On\n  - off\n"
                + "  - 2024-01-01\n  - true\n  - null\n  - 12\n  - -1.5e3\n  - 0x1F\n");
        OpenApiSpec spec = SpecLoader.load(dir.resolve("openapi.yaml"));
        JsonNode schema = spec.bundle().at(Schemas.deref(spec, "/paths/~1countries~1{code}/get/parameters/0/schema"));
        JsonNode e = schema.get("enum");
        for (int i = 0; i <= 5; i++) {
            assertTrue(e.get(i).isTextual(), i + ": " + e);
        }
        assertEquals("[\"NL\",\"NO\",\"yes\",\"On\",\"off\",\"2024-01-01\",true,null,12]",
                e.toString().substring(0, e.toString().indexOf(",-1")) + "]");
        assertEquals(-1500, e.get(9).doubleValue(), 0, e.toString());
        assertEquals(31, e.get(10).asInt(), e.toString());
    }

    /** Follows the bundle's local $refs from a pointer. */
    private static final class Schemas {
        static String deref(OpenApiSpec spec, String pointer) {
            String p = pointer;
            for (int i = 0; i < 8 && spec.bundle().at(p).has("$ref"); i++) {
                p = spec.bundle().at(p).get("$ref").asText().substring(1);
            }
            return p;
        }
    }
}
