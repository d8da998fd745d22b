package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Swagger 2.0 schemas as OpenAPI 3.0 schemas. A 2.0 schema keeps its shape in 3.0 (so a node's
 * pointer below the schema is the same in both files), except for four keywords: {@code x-nullable}
 * becomes {@code nullable}, {@code type: file} becomes a binary string, a {@code discriminator} (a
 * property name in 2.0) becomes {@code {propertyName: ...}}, and a {@code $ref} into
 * {@code definitions}, {@code parameters} or {@code responses} points into {@code components}.
 * Also builds the schema of a 2.0 non-body parameter or header from its own keywords.
 *
 * <p>{@code items} given as a list (JSON Schema draft 4's tuple form, which neither Swagger 2.0 nor
 * OpenAPI 3.0 allows, but specs such as Slack's write for "this or null") is dropped: draft 4 ignores it
 * for a value that is not an array, and OpenAPI 3.0 has no tuple; the pointers are collected for one
 * warning. One per conversion.
 */
final class Swagger2Schemas {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** The keywords a 2.0 parameter, header or items object shares with a schema. */
    private static final List<String> PARAMETER_SCHEMA_KEYS = List.of("type", "format", "default", "maximum",
            "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems",
            "minItems", "uniqueItems", "enum", "multipleOf");
    /** Values that are data, not schemas: never rewritten. */
    private static final Set<String> DATA_KEYS = Set.of("example", "default", "enum", "examples", "x-example");
    private static final Map<String, String> MOVED = Map.of(
            "#/definitions/", "#/components/schemas/",
            "#/parameters/", "#/components/parameters/",
            "#/responses/", "#/components/responses/");

    /** Where a list-valued {@code items} was dropped, as pointers of the file as written. */
    private final Set<String> droppedTuples = new LinkedHashSet<>();

    /** A 3.0 copy of the 2.0 schema {@code schema}, written at {@code from}. */
    JsonNode schema(JsonNode schema, String from) {
        JsonNode copy = schema.deepCopy();
        fixInPlace(copy, from);
        return copy;
    }

    Set<String> droppedTuples() {
        return droppedTuples;
    }

    /**
     * Rewrites the 2.0 keywords of every schema below {@code node} in place; used on the copy of a
     * schema and on files a 2.0 spec references (their content is schemas).
     */
    void fixInPlace(JsonNode node, String pointer) {
        if (node instanceof ObjectNode obj) {
            if (obj.get("items") instanceof ArrayNode) {
                obj.remove("items");
                droppedTuples.add(pointer + "/items");
            }
            JsonNode nullable = obj.remove("x-nullable");
            if (nullable != null && nullable.isBoolean() && !obj.has("nullable")) {
                obj.set("nullable", nullable);
            }
            if (obj.path("type").isTextual() && obj.get("type").asText().equals("file")) {
                obj.put("type", "string").put("format", "binary");
            }
            if (obj.path("discriminator").isTextual()) {
                obj.set("discriminator", NODES.objectNode().put("propertyName", obj.get("discriminator").asText()));
            }
            if (obj.path("$ref").isTextual()) {
                obj.set("$ref", TextNode.valueOf(ref(obj.get("$ref").asText())));
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = obj.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!DATA_KEYS.contains(e.getKey()) && !e.getKey().startsWith("x-")) {
                    fixInPlace(e.getValue(), pointer + "/" + SpecSource.escape(e.getKey()));
                }
            }
        } else if (node instanceof ArrayNode arr) {
            for (int i = 0; i < arr.size(); i++) {
                fixInPlace(arr.get(i), pointer + "/" + i);
            }
        }
    }

    /** A 2.0 local reference as its 3.0 pointer; any other reference unchanged. */
    static String ref(String ref) {
        for (Map.Entry<String, String> m : MOVED.entrySet()) {
            if (ref.startsWith(m.getKey())) {
                return m.getValue() + ref.substring(m.getKey().length());
            }
        }
        return ref;
    }

    /** The schema of a 2.0 non-body parameter, header or items object at {@code from}, built from its keywords. */
    ObjectNode ofParameter(ObjectNode parameter, String from) {
        ObjectNode schema = NODES.objectNode();
        for (String key : PARAMETER_SCHEMA_KEYS) {
            JsonNode v = parameter.get(key);
            if (v != null) {
                schema.set(key, v.deepCopy());
            }
        }
        if (parameter.get("items") instanceof ObjectNode items) {
            schema.set("items", items.has("$ref") ? schema(items, from + "/items") : ofParameter(items, from + "/items"));
        }
        if (parameter.path("x-nullable").isBoolean()) {
            schema.set("nullable", parameter.get("x-nullable"));
        }
        fixInPlace(schema, from);
        return schema;
    }
}
