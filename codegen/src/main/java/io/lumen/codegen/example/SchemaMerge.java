package io.lumen.codegen.example;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * One schema from several that all apply to a value: the parts of an {@code allOf}, and a {@code $ref}
 * with keywords beside it (OpenAPI 3.1 and JSON Schema 2020-12 apply both, and the validator does so
 * for every spec: {@code {$ref: Input, required: [name]}}). Properties named in several parts are
 * merged keyword by keyword too, so a part narrowing one ({@code customer: {type: 'null'}}) keeps the
 * others' constraints. Stateless apart from the bundle; thread-safe.
 */
final class SchemaMerge {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Keywords beside a $ref that describe rather than constrain: no need to merge for them. */
    private static final Set<String> ANNOTATIONS = Set.of("$ref", "description", "summary", "title", "deprecated",
            "example", "examples", "externalDocs", "$comment");
    private static final int MAX_DEPTH = 16;
    private static final int MAX_REF_HOPS = 32;

    private final JsonNode bundle;
    private final boolean v30;

    SchemaMerge(JsonNode bundle) {
        this.bundle = bundle;
        this.v30 = bundle.path("openapi").asText("").startsWith("3.0");
    }

    /**
     * {@code s} with its {@code $ref}s followed; a $ref with constraining keywords beside it comes back merged
     * (in 3.0 not a {@code type} there, as the validator: it only restates the target's or contradicts it).
     */
    JsonNode deref(JsonNode s) {
        ObjectNode siblings = s != null && s.has("$ref") ? s.deepCopy() : null;
        if (siblings != null && v30) {
            siblings.remove("type");
        }
        if (siblings != null && hasConstrainingSiblings(siblings)) {
            ObjectNode both = NODES.objectNode();
            siblings.remove("$ref");
            both.putArray("allOf").add(NODES.objectNode().set("$ref", s.get("$ref"))).add(siblings);
            return merge(both, 0);
        }
        return follow(s);
    }

    private JsonNode follow(JsonNode s) {
        for (int i = 0; i < MAX_REF_HOPS && s != null && s.has("$ref") && s.get("$ref").isTextual(); i++) {
            String ref = s.get("$ref").asText();
            if (!ref.startsWith("#")) {
                return null;
            }
            s = bundle.at(ref.substring(1));
        }
        return s;
    }

    private static boolean hasConstrainingSiblings(JsonNode s) {
        for (Map.Entry<String, JsonNode> e : s.properties()) {
            if (!ANNOTATIONS.contains(e.getKey()) && !e.getKey().startsWith("x-")) {
                return true;
            }
        }
        return false;
    }

    /** The keywords of {@code s} and its allOf parts in one schema (required unioned, properties merged). */
    ObjectNode merge(JsonNode s, int depth) {
        ObjectNode merged = NODES.objectNode();
        ObjectNode properties = NODES.objectNode();
        Set<String> required = new LinkedHashSet<>();
        mergeInto(s, merged, properties, required, depth);
        if (!properties.isEmpty()) {
            merged.set("properties", properties);
        }
        if (!required.isEmpty()) {
            ArrayNode r = merged.putArray("required");
            required.forEach(r::add);
        }
        return merged;
    }

    /** A variant seen together with the properties written beside its oneOf/anyOf ({@code key}). */
    ObjectNode mergeWith(JsonNode s, JsonNode variant, String key) {
        ObjectNode outer = s.deepCopy();
        outer.remove(key);
        outer.remove("discriminator");
        ObjectNode both = NODES.objectNode();
        both.putArray("allOf").add(outer).add(variant);
        return merge(both, 0);
    }

    private void mergeInto(JsonNode s, ObjectNode merged, ObjectNode properties, Set<String> required, int depth) {
        s = deref(s);
        if (s == null || depth > MAX_DEPTH) {
            return;
        }
        for (JsonNode part : s.path("allOf")) {
            mergeInto(part, merged, properties, required, depth + 1);
        }
        for (Map.Entry<String, JsonNode> e : s.properties()) {
            switch (e.getKey()) {
                case "allOf", "$ref" -> { }
                case "properties" -> e.getValue().properties().forEach(p -> {
                    JsonNode before = properties.get(p.getKey());
                    // both apply: a later part's keywords win where they differ, the earlier part's stay
                    properties.set(p.getKey(), before == null ? p.getValue()
                            : merge(NODES.objectNode().set("allOf", NODES.arrayNode().add(before).add(p.getValue())), depth + 1));
                });
                case "required" -> e.getValue().forEach(r -> required.add(r.asText()));
                default -> merged.set(e.getKey(), e.getValue());
            }
        }
    }
}
