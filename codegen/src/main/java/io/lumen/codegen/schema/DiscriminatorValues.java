package io.lumen.codegen.schema;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.codegen.diagnostics.Diagnostics;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.validator.validation.MergedSchema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a variant of a discriminated {@code oneOf}/{@code anyOf} declares the discriminator property,
 * and the values it pins there. Without a {@code mapping}, OpenAPI's implicit value is the schema
 * name, but real specs pin each variant's property with {@code enum} or {@code const}
 * ({@code role: {enum: [user]}}, {@code type: {const: track}}) and send those values: both must select
 * the variant. The property is searched in the variant's {@code properties} and through its
 * {@code allOf} parts, following {@code $ref}s (the validator's {@link MergedSchema}).
 */
public final class DiscriminatorValues {
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
            values.add(implicitValue(v, className));
            pinned(target, property).stream().filter(x -> !values.contains(x)).forEach(values::add);
        }
        return values;
    }

    /**
     * Warns when the variant at {@code v} contradicts the union: no {@code mapping} names it and it pins
     * the property to values that leave out its schema name. By the letter of OpenAPI that name is the
     * only value selecting it, yet the variant refuses it, so no value satisfies both: warned at the
     * union's {@code discriminator}.
     */
    void warnContradiction(Diagnostics diagnostics, String union, String v, String className, String property, Map<String, String> explicit) {
        String target = Schemas.deref(bundle, v);
        List<String> pinned = explicit.containsValue(target) ? List.of() : pinned(target, property);
        String implicit = implicitValue(v, className);
        if (pinned.isEmpty() || pinned.contains(implicit)) {
            return;
        }
        diagnostics.warn("discriminator without mapping whose variants refuse their implicit value", union + "/discriminator", "variant " + implicit + " pins '" + property + "' to " + pinned + ", not to its schema name, OpenAPI's implicit "
                + "value without a mapping: Lumen accepts both, but a client reading the spec by the letter expects the schema "
                + "name in responses (schemathesis: ST111 Unknown discriminator value); add a mapping");
    }

    /** OpenAPI's implicit discriminator value: the schema name ({@code className} for an inline variant). */
    String implicitValue(String v, String className) {
        return bundle.at(v).has("$ref") ? Schemas.lastSegment(Schemas.deref(bundle, v)) : className;
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
        return !MergedSchema.of(bundle, bundle.at(pointer)).property(property).isEmpty();
    }

    /**
     * The string values the variant at {@code pointer} (dereferenced) pins the property to
     * ({@code const}, {@code enum}), in spec order; empty when it leaves the property open. The
     * validator's {@link MergedSchema} reads them, so both sides agree on the values.
     */
    public List<String> pinned(String pointer, String property) {
        return MergedSchema.of(bundle, bundle.at(pointer)).pinned(property);
    }
}
