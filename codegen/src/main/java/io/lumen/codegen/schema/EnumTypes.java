package io.lumen.codegen.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.lumen.codegen.diagnostics.Diagnostics;
import io.lumen.codegen.naming.NameTable;
import io.lumen.codegen.naming.Names;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code enum}/{@code const} schemas as Java enums whose constants carry their JSON values; values of
 * several JSON types are a {@code JsonNode} (warned). Constants that would clash get a number (warned).
 */
final class EnumTypes {
    private final TypeMapper owner;
    private final Diagnostics diagnostics;

    EnumTypes(TypeMapper owner, Diagnostics diagnostics) {
        this.owner = owner;
        this.diagnostics = diagnostics;
    }

    TypeName map(String p, JsonNode s, String name, boolean userNamed) {
        List<JsonNode> values = new ArrayList<>();
        if (s.has("const")) {
            values.add(s.get("const"));
        }
        s.path("enum").forEach(values::add);
        values.removeIf(JsonNode::isNull);
        if (values.isEmpty()) {
            return TypeMapper.JSON_NODE;
        }
        TypeName valueType = valueType(values);
        if (valueType == null) {
            diagnostics.warn("enum of values of several JSON types, typed as JsonNode", p,
                    "enum values of different JSON types: typed as JsonNode");
            return TypeMapper.JSON_NODE;
        }
        ClassName cn = owner.claim(p, name, userNamed);
        NameTable constants = new NameTable();
        Map<String, JsonNode> out = new LinkedHashMap<>();
        Set<String> seen = new LinkedHashSet<>();
        for (JsonNode v : values) {
            if (!seen.add(v.toString())) {
                continue;
            }
            String base = Names.constant(v.asText());
            String constant = constants.unique(base, v.toString());
            if (!constant.equals(base)) {
                diagnostics.warn("enum constant renamed", p, "enum value " + v + " is named " + constant + " because " + base
                        + " is taken by another value (they differ only in case or symbols)");
            }
            out.put(constant, v);
        }
        owner.declare(p, new Model.Enum(cn, p, Schemas.describe(s), valueType, out));
        return cn;
    }

    /** The Java type of the values, or null when they are of several JSON types. */
    private static TypeName valueType(List<JsonNode> values) {
        if (values.stream().allMatch(JsonNode::isTextual)) {
            return ClassName.get(String.class);
        }
        if (values.stream().allMatch(JsonNode::isIntegralNumber)) {
            return ClassName.get(Long.class);
        }
        if (values.stream().allMatch(JsonNode::isNumber)) {
            return ClassName.get(Double.class);
        }
        return values.stream().allMatch(JsonNode::isBoolean) ? ClassName.get(Boolean.class) : null;
    }
}
