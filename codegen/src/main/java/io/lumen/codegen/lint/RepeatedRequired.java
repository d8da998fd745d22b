package io.lumen.codegen.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.codegen.diagnostics.Diagnostics;
import io.lumen.codegen.schema.Schemas;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Warns about every schema whose {@code required} list names a property more than once. JSON Schema
 * requires unique entries: Lumen reads such a list, but strict tools (schemathesis, other validators
 * and generators) refuse the whole schema, so a client built from the spec may never call the operation.
 */
public final class RepeatedRequired {
    /** Keywords whose values map names to schemas: a child called "example" there is a schema. */
    private static final Set<String> NAME_MAPS = Set.of("properties", "patternProperties", "$defs", "definitions", "schemas");
    static final String KIND = "schema whose required list repeats a name (other tools refuse it)";

    private RepeatedRequired() {
    }

    /** Walks the whole spec bundle, skipping values that are data rather than schemas. */
    public static void check(JsonNode bundle, Diagnostics diagnostics) {
        walk(bundle, "", false, diagnostics);
    }

    /** @param names whether {@code node}'s keys are names (of properties, definitions), not keywords */
    private static void walk(JsonNode node, String pointer, boolean names, Diagnostics diagnostics) {
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), pointer + "/" + i, false, diagnostics);
            }
            return;
        }
        if (!node.isObject()) {
            return;
        }
        JsonNode required = names ? null : node.get("required");
        if (required != null && required.isArray()) {
            List<String> repeated = repeated(required);
            if (!repeated.isEmpty()) {
                diagnostics.warn(KIND, pointer + "/required", "required lists " + String.join(", ", repeated)
                        + " more than once; JSON Schema requires unique names, so strict tools refuse this schema: list each once");
            }
        }
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            String key = e.getKey();
            if (names || !isData(key)) {
                walk(e.getValue(), pointer + "/" + Schemas.escape(key), !names && NAME_MAPS.contains(key), diagnostics);
            }
        }
    }

    /** Keywords whose values are instances or extensions, where a "required" key is data, not a schema's list. */
    private static boolean isData(String key) {
        return key.equals("example") || key.equals("examples") || key.equals("default") || key.equals("const")
                || key.equals("enum") || key.startsWith("x-");
    }

    private static List<String> repeated(JsonNode required) {
        Set<String> seen = new LinkedHashSet<>();
        Set<String> twice = new LinkedHashSet<>();
        for (JsonNode name : required) {
            if (!seen.add(name.asText())) {
                twice.add("'" + name.asText() + "'");
            }
        }
        return new ArrayList<>(twice);
    }
}
