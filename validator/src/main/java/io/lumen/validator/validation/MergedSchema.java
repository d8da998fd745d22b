package io.lumen.validator.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An object schema as its instances see it: the schema and every {@code allOf} part, at every depth
 * and through local {@code $ref}s, read as one. Which properties it declares (each with the schemas
 * every part gives it), which are required, whether a part marks one {@code readOnly} or pins it with
 * {@code const} or {@code enum}. Read at startup over the spec bundle; never changes the bundle.
 */
public final class MergedSchema {
    private static final int MAX_REFS = 32;

    private final JsonNode bundle;
    private final List<JsonNode> parts = new ArrayList<>();
    private final Map<String, List<JsonNode>> properties = new LinkedHashMap<>();
    private final Set<String> required = new LinkedHashSet<>();

    private MergedSchema(JsonNode bundle) {
        this.bundle = bundle;
    }

    /** The merged view of {@code schema}, whose local {@code $ref}s point into {@code bundle}. */
    public static MergedSchema of(JsonNode bundle, JsonNode schema) {
        MergedSchema m = new MergedSchema(bundle);
        m.add(schema, Collections.newSetFromMap(new IdentityHashMap<>()));
        return m;
    }

    private void add(JsonNode schema, Set<JsonNode> seen) {
        JsonNode s = resolve(bundle, schema);
        if (!s.isObject() || !seen.add(s)) {
            return;
        }
        parts.add(s);
        s.path("properties").properties().forEach(e ->
                properties.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(resolve(bundle, e.getValue())));
        s.path("required").forEach(r -> required.add(r.asText()));
        s.path("allOf").forEach(part -> add(part, seen));
    }

    /** {@code node} with its chain of local {@code $ref}s followed (at most 32); missing when one dangles. */
    public static JsonNode resolve(JsonNode bundle, JsonNode node) {
        JsonNode n = node;
        for (int i = 0; i < MAX_REFS && n != null && n.path("$ref").isTextual(); i++) {
            String ref = n.get("$ref").asText();
            if (!ref.startsWith("#")) {
                return n;
            }
            n = bundle.at(ref.substring(1));
        }
        return n == null ? MissingNode.getInstance() : n;
    }

    /** Property names in declaration order, over every part. */
    public Set<String> propertyNames() {
        return properties.keySet();
    }

    /** The schemas the parts give {@code name} (resolved), in part order; empty when none declares it. */
    public List<JsonNode> property(String name) {
        return properties.getOrDefault(name, List.of());
    }

    public Set<String> required() {
        return required;
    }

    /** The schema and its {@code allOf} parts, resolved. */
    public List<JsonNode> parts() {
        return parts;
    }

    /** Whether any part's schema of {@code name} says {@code keyword: true} (e.g. {@code readOnly}). */
    public boolean flagged(String name, String keyword) {
        for (JsonNode p : property(name)) {
            if (p.path(keyword).asBoolean(false)) {
                return true;
            }
        }
        return false;
    }

    /** The first {@code type} any part names ({@code ["string","null"]} gives {@code string}); null when none. */
    public static String type(JsonNode schema) {
        JsonNode t = schema.get("type");
        if (t != null && t.isTextual()) {
            return t.asText();
        }
        if (t != null && t.isArray()) {
            for (JsonNode x : t) {
                if (!x.asText().equals("null")) {
                    return x.asText();
                }
            }
        }
        return null;
    }

    /** The type of a property over every part's schema of it; null when none says. */
    public String propertyType(String name) {
        for (JsonNode p : property(name)) {
            String t = type(p);
            if (t == null) {
                t = type(MergedSchema.of(bundle, p).parts().stream().filter(x -> type(x) != null).findFirst()
                        .orElse(p));
            }
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    /**
     * The values the parts pin {@code name} to with {@code const} or {@code enum} (texts only, in
     * order); empty when no part pins it.
     */
    public List<String> pinned(String name) {
        List<String> values = new ArrayList<>();
        for (JsonNode p : property(name)) {
            if (p.path("const").isTextual()) {
                values.add(p.get("const").asText());
            }
            p.path("enum").forEach(v -> {
                if (v.isTextual() && !values.contains(v.asText())) {
                    values.add(v.asText());
                }
            });
        }
        return values;
    }

    /** Whether a part forbids properties it does not declare ({@code additionalProperties: false}). */
    public boolean closed() {
        for (JsonNode p : parts) {
            if (p.path("additionalProperties").isBoolean() && !p.get("additionalProperties").asBoolean()) {
                return true;
            }
        }
        return false;
    }
}
