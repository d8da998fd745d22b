package io.lumen.codegen.schema;

import io.lumen.codegen.diagnostics.Diagnostics;
import io.lumen.codegen.naming.NameTable;
import io.lumen.codegen.naming.Names;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Record components for names a schema's {@code required} lists without declaring them under
 * {@code properties} (Lago's wallet requires {@code balance} and defines only {@code balance_cents}).
 * JSON Schema lets any value fill them, but a record without a component drops them, so every answer
 * built from it would lack a required property: each becomes a {@code JsonNode} component, and is warned about.
 */
final class UndeclaredRequired {
    static final String KIND = "required property without a schema, typed as JsonNode";

    private UndeclaredRequired() {
    }

    static List<Model.Property> properties(String pointer, Set<String> declared, Set<String> required, NameTable components,
                                           Diagnostics diagnostics) {
        List<Model.Property> out = new ArrayList<>();
        for (String json : required) {
            if (declared.contains(json)) {
                continue;
            }
            String java = Names.member(json);
            java = components.unique(java.isEmpty() ? "property" : java, "required property '" + json + "'");
            diagnostics.warn(KIND, pointer, "'" + json + "' is required but not under properties: typed as JsonNode "
                    + "(declare it to give it a type)");
            out.add(new Model.Property(json, java, TypeMapper.JSON_NODE, true, true,
                    "required by the schema, which does not declare it"));
        }
        return out;
    }
}
