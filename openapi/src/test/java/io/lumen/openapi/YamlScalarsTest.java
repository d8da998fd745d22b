package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.config.ConfigLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

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

    /**
     * The root spec file too (read through the config loader, like every config file, but as YAML 1.2):
     * Xero Bank Feeds' CountryCode enum has an unquoted NO that YAML 1.1 made false, so "NO" was refused.
     * Config files keep YAML 1.1 ({@code enabled: yes} is still true there).
     */
    @Test
    void plainScalarsOfTheRootSpecFileFollowYaml12CoreSchemaToo() throws Exception {
        Files.writeString(dir.resolve("openapi.yaml"), "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n"
                + "  /countries/{code}:\n    get:\n      parameters:\n"
                + "        - name: code\n          in: path\n          required: true\n          schema:\n"
                + "            type: string\n            enum: [NL, NO, yes, On, off, 2024-01-01]\n"
                + "        - {name: n, in: query, schema: {type: integer, enum: [0x1F, 0o17, 010, 12]}}\n"
                + "      responses: {'204': {description: ok}}\n");
        OpenApiSpec spec = SpecLoader.load(dir.resolve("openapi.yaml"));
        JsonNode e = spec.bundle().at("/paths/~1countries~1{code}/get/parameters/0/schema/enum");
        assertEquals("[\"NL\",\"NO\",\"yes\",\"On\",\"off\",\"2024-01-01\"]", e.toString());
        // a spec of any name, as the code generator loads it (lumen generate -i xero_bankfeeds.yaml)
        Files.copy(dir.resolve("openapi.yaml"), dir.resolve("xero_bankfeeds.yaml"));
        assertEquals(e.toString(), SpecLoader.load(dir.resolve("xero_bankfeeds.yaml")).bundle()
                .at("/paths/~1countries~1{code}/get/parameters/0/schema/enum").toString());
        assertEquals("[31,15,10,12]", spec.bundle().at("/paths/~1countries~1{code}/get/parameters/1/schema/enum").toString());
        Files.writeString(dir.resolve("server.yml"), "enableHttp2: yes\n");
        Object server = ConfigLoader.builder().configDirs(List.of(dir)).build().find("server").orElseThrow().tree();
        assertEquals(Boolean.TRUE, ((Map<?, ?>) server).get("enableHttp2"), "a config file is still YAML 1.1");
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
