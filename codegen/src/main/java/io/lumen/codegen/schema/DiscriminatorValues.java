package io.lumen.codegen.schema;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.openapi.OpenApiSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a variant of a discriminated {@code oneOf}/{@code anyOf} declares the discriminator property,
 * and the values it pins there. Without a {@code mapping}, OpenAPI's implicit value is the schema
 * name, but real specs pin each variant's property with {@code enum} or {@code const}
 * ({@code role: {enum: [user]}}, {@code type: {const: track}}) and send those values: both must select
 * the variant. The property is searched in the variant's {@code properties} and through its
 * {@code allOf} parts, following {@code $ref}s.
 */
public final class DiscriminatorValues {
    private static final int MAX_DEPTH = 32;

    private static final String COMPONENTS = "/components/schemas/";

    private final JsonNode bundle;

    /** @param bundle the bundled spec (all {@code $ref}s local) */
    public DiscriminatorValues(JsonNode bundle) {
        this.bundle = bundle;
    }

    /** The explicit {@code mapping} of the union at {@code p}: value to the (dereferenced) pointer it names. */
    Map<String, String> mapping(OpenApiSpec spec, String p, JsonNode union) {
        Map<String, String> explicit = new LinkedHashMap<>();
        union.path("discriminator").path("mapping").properties()
                .forEach(e -> explicit.put(e.getKey(), mappingTarget(spec, p, e.getValue().asText())));
        return explicit;
    }

    /**
     * The values that select the variant at {@code v}: its {@code mapping} keys; without any, its
     * schema name (OpenAPI's implicit value; {@code className} for an inline variant) and the values
     * it pins the property to.
     */
    List<String> of(String v, String className, String property, Map<String, String> explicit) {
        String target = Schemas.deref(bundle, v);
        List<String> values = new ArrayList<>();
        explicit.forEach((value, pointer) -> {
            if (pointer.equals(target)) {
                values.add(value);
            }
        });
        if (values.isEmpty()) {
            values.add(bundle.at(v).has("$ref") ? Schemas.lastSegment(target) : className);
            pinned(target, property).stream().filter(x -> !values.contains(x)).forEach(values::add);
        }
        return values;
    }

    /** A mapping value: a {@code #/...} reference or a schema name. */
    private String mappingTarget(OpenApiSpec spec, String p, String value) {
        if (value.startsWith("#")) {
            return Schemas.deref(bundle, value.substring(1));
        }
        String pointer = COMPONENTS + Schemas.escape(value);
        if (!bundle.at(pointer).isMissingNode()) {
            return Schemas.deref(bundle, pointer);
        }
        throw spec.error(p + "/discriminator/mapping", "mapping target '" + value + "' is neither a #/ reference nor a schema name");
    }

    /** The variant at {@code pointer} (dereferenced) declares {@code property}. */
    boolean declares(String pointer, String property) {
        return !schemasOf(pointer, property).isEmpty();
    }

    /**
     * The string values the variant at {@code pointer} (dereferenced) pins the property to
     * ({@code const}, {@code enum}), in spec order; empty when it leaves the property open.
     */
    public List<String> pinned(String pointer, String property) {
        Set<String> values = new LinkedHashSet<>();
        for (JsonNode s : schemasOf(pointer, property)) {
            if (s.path("const").isTextual()) {
                values.add(s.get("const").asText());
            }
            for (JsonNode v : s.path("enum")) {
                if (v.isTextual()) {
                    values.add(v.asText());
                }
            }
        }
        return new ArrayList<>(values);
    }

    /** Every schema the variant gives the property (one per {@code allOf} part that lists it). */
    private List<JsonNode> schemasOf(String pointer, String property) {
        List<JsonNode> out = new ArrayList<>();
        collect(pointer, property, 0, out);
        return out;
    }

    private void collect(String pointer, String property, int depth, List<JsonNode> out) {
        JsonNode s = bundle.at(pointer);
        if (s.path("properties").has(property)) {
            out.add(bundle.at(Schemas.deref(bundle, pointer + "/properties/" + Schemas.escape(property))));
        }
        JsonNode parts = s.path("allOf");
        for (int i = 0; i < parts.size() && depth < MAX_DEPTH; i++) {
            collect(Schemas.deref(bundle, pointer + "/allOf/" + i), property, depth + 1, out);
        }
    }
}
