package io.lumen.config;

import static io.lumen.config.TestSupport.fails;
import static io.lumen.config.TestSupport.loader;
import static io.lumen.config.TestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JSON reader gives what the YAML reader gives for the same file: values, their types, and lines. */
class JsonTreeReaderTest {
    @TempDir Path tmp;

    private static final String DOC = String.join("\n",
            "{",
            "  \"openapi\": \"3.0.2\",",
            "  \"numbers\": [0, -7, 2147483648, 92233720368547758070, 1.5, -0.25, 1e5, 2E-3, 1.0],",
            "  \"flags\": {\"yes\": true, \"no\": false, \"none\": null},",
            "  \"text\": \"a \\\"quote\\\", a tab\\t, \\u00e9 \\ud83d\\ude00 \\b\\f\\n\\r a/b~c\",",
            "  \"a/b~c\": {",
            "    \"deep\": [",
            "      {\"x\": 1},",
            "      [],",
            "      {}",
            "    ],",
            "    \"2020-01-01\": \"2020-01-01\"",
            "  },",
            "  \"last\": \"\"",
            "}",
            "");

    @Test
    void sameValuesTypesAndLinesAsTheYamlReader() {
        byte[] bytes = DOC.getBytes(StandardCharsets.UTF_8);
        YamlReader.Parsed json = JsonTreeReader.read(bytes);
        assertNotNull(json, "strict JSON is read by the JSON reader");
        YamlReader.Parsed yaml = YamlReader.read(new ByteArrayInputStream(bytes), "doc.yaml");
        assertEquals(yaml.tree(), json.tree());
        assertEquals(types(yaml.tree()), types(json.tree()));
        for (String pointer : List.of("", "/openapi", "/numbers", "/numbers/3", "/flags", "/flags/none", "/text", "/a~1b~0c",
                "/a~1b~0c/deep", "/a~1b~0c/deep/0", "/a~1b~0c/deep/0/x", "/a~1b~0c/deep/1", "/a~1b~0c/deep/2",
                "/a~1b~0c/2020-01-01", "/last", "/nothing/below")) {
            assertEquals(yaml.lines().lineOf(pointer), json.lines().lineOf(pointer), pointer);
        }
        assertEquals(BigInteger.class, ((List<?>) ((Map<?, ?>) json.tree()).get("numbers")).get(3).getClass());
    }

    @Test
    void jsonsEscapedSlashIsRead() {
        // SnakeYAML refuses \/ (not a YAML escape), so a valid JSON spec using it did not load before
        write(tmp, "spec.json", "{\"url\": \"http:\\/\\/example.com\\/a\"}");
        assertEquals(Map.of("url", "http://example.com/a"), loader(tmp).find("spec").orElseThrow().tree());
    }

    @Test
    void whatStrictJsonRefusesIsReadAsYaml() {
        assertNull(JsonTreeReader.read("{\"a\": 1, \"a\": 2}".getBytes(StandardCharsets.UTF_8)), "duplicate key");
        assertNull(JsonTreeReader.read("{\"a\": 1 # note\n}".getBytes(StandardCharsets.UTF_8)), "comment");
        assertNull(JsonTreeReader.read("{a: 01}".getBytes(StandardCharsets.UTF_8)), "YAML flow map");
        assertNull(JsonTreeReader.read("{} {}".getBytes(StandardCharsets.UTF_8)), "two values");
        // a .json file holding YAML still loads, as before
        write(tmp, "server.json", "port: 8080\nhost: a\n");
        assertEquals(Map.of("port", 8080, "host", "a"), loader(tmp).find("server").orElseThrow().tree());
    }

    @Test
    void aDuplicateKeyInJsonIsReadByTheYamlReaderTheLaterValueWinning() {
        write(tmp, "server.json", "{\n  \"port\": 1,\n  \"port\": 2\n}\n");
        ConfigFile server = loader(tmp).find("server").orElseThrow();
        assertEquals(Map.of("port", 2), server.tree());
        assertEquals(3, server.lineOf("/port"));
    }

    private static Object types(Object node) {
        if (node instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(k, types(v)));
            return out;
        }
        if (node instanceof List<?> list) {
            return list.stream().map(JsonTreeReaderTest::types).toList();
        }
        return node == null ? "null" : node.getClass().getSimpleName();
    }
}
