package io.lumen.validator.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lumen.validator.params.Coercer;
import io.lumen.validator.params.ConversionException;

import java.util.List;
import java.util.Map;

/**
 * {@code openapi-validator.yml coerceJsonBody: true}: JSON strings where the schema asks for a number,
 * an integer or a boolean become that value before the body is validated ({@code "id": "1"} as
 * {@code 1}), as lenient frameworks accept them. Follows properties and items through {@code $ref}
 * and {@code allOf}; a string that does not convert is left for the schema to refuse. Changes the
 * parsed body in place, so the handlers get the converted values.
 */
final class BodyCoercion {
    private static final JsonNodeFactory TYPES =
            JsonNodeFactory.instance;
    private static final List<String> SCALARS = List.of("integer", "number", "boolean");

    private BodyCoercion() {
    }

    static void coerce(JsonNode bundle, JsonNode schema, JsonNode value) {
        if (schema == null) {
            return;
        }
        MergedSchema m = MergedSchema.of(bundle, schema);
        if (value instanceof ObjectNode obj) {
            for (Map.Entry<String, JsonNode> field : obj.properties()) {
                List<JsonNode> schemas = m.property(field.getKey());
                if (schemas.isEmpty()) {
                    continue;
                }
                JsonNode converted = scalar(m.propertyType(field.getKey()), field.getValue());
                if (converted != null) {
                    field.setValue(converted);
                } else {
                    coerce(bundle, schemas.get(0), field.getValue());
                }
            }
        } else if (value instanceof ArrayNode arr) {
            JsonNode items = m.parts().stream().map(p -> p.get("items")).filter(i -> i != null).findFirst().orElse(null);
            if (items == null) {
                return;
            }
            JsonNode resolved = MergedSchema.resolve(bundle, items);
            String type = MergedSchema.type(resolved);
            for (int i = 0; i < arr.size(); i++) {
                JsonNode converted = scalar(type, arr.get(i));
                if (converted != null) {
                    arr.set(i, converted);
                } else {
                    coerce(bundle, resolved, arr.get(i));
                }
            }
        }
    }

    /** The converted value of a string where {@code type} is a number or boolean; null otherwise. */
    private static JsonNode scalar(String type, JsonNode value) {
        if (!value.isTextual() || type == null || !SCALARS.contains(type)) {
            return null;
        }
        try {
            return Coercer.primitive(value.asText(), TYPES.objectNode().put("type", type));
        } catch (ConversionException e) {
            return null;
        }
    }
}
