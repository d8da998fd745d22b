package io.lumen.validator.errors;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.validator.validation.MergedSchema;

import java.util.ArrayList;
import java.util.List;

/**
 * What a declared error property's schema (its {@code allOf} parts, {@code $ref}s into the bundle)
 * allows beyond its type: {@code null}, or only the texts of an {@code enum}. {@link ErrorBodyPlan}
 * asks, so a required {@code param: string|null} gets {@code null} and a {@code code} limited to
 * {@code [bad_request, not_found, ...]} gets one of those instead of an ERR code.
 */
final class PropertyLimits {
    private PropertyLimits() {
    }

    /** Every part of the property's schema accepts null ({@code type: null} in a list or a union, {@code nullable}, {@code const: null}). */
    static boolean acceptsNull(JsonNode bundle, List<JsonNode> parts) {
        if (parts.isEmpty()) {
            return false;
        }
        for (JsonNode raw : parts) {
            if (!nullable(bundle, MergedSchema.resolve(bundle, raw), 0)) {
                return false;
            }
        }
        return true;
    }

    private static boolean nullable(JsonNode bundle, JsonNode s, int depth) {
        if (depth > 8) {
            return false;
        }
        if (s.path("nullable").asBoolean(false) || s.has("const") && s.get("const").isNull()
                || s.path("type").asText("").equals("null")) {
            return true;
        }
        for (JsonNode t : s.path("type")) {
            if (t.asText().equals("null")) {
                return true;
            }
        }
        for (String union : new String[] {"anyOf", "oneOf"}) {
            for (JsonNode variant : s.path(union)) {
                if (nullable(bundle, MergedSchema.resolve(bundle, variant), depth + 1)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The string values every part of the property's schema that has an {@code enum} allows; empty when none limits it. */
    static List<String> textEnum(JsonNode bundle, List<JsonNode> schemas) {
        List<String> allowed = null;
        for (JsonNode raw : schemas) {
            JsonNode s = MergedSchema.resolve(bundle, raw);
            if (s.has("enum")) {
                List<String> values = new ArrayList<>();
                s.get("enum").forEach(v -> {
                    if (v.isTextual()) {
                        values.add(v.asText());
                    }
                });
                if (allowed != null) {
                    values.retainAll(allowed);
                }
                allowed = values;
            }
        }
        return allowed == null ? List.of() : allowed;
    }
}
