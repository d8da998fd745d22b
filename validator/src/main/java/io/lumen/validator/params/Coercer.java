package io.lumen.validator.params;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lumen.status.Status;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Converts one raw string to a JSON value by a schema's type: {@code integer}, {@code number},
 * {@code boolean}, {@code null} (the empty string), {@code string}; with a 3.1 type array, or
 * {@code anyOf}/{@code oneOf} alternatives of several types, the non-string types are tried first.
 * An untyped schema keeps the string. Stateless, thread-safe.
 */
public final class Coercer {
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Coercer() {
    }

    /** The kinds of value a schema describes, for choosing how to parse a serialized parameter. */
    enum Shape { PRIMITIVE, ARRAY, OBJECT }

    /** The declared types of {@code schema} (a string or a 3.1 array), empty when untyped. */
    public static List<String> types(JsonNode schema) {
        JsonNode t = schema.get("type");
        List<String> types = new ArrayList<>(2);
        if (t != null && t.isTextual()) {
            types.add(t.asText());
        } else if (t != null && t.isArray()) {
            t.forEach(x -> types.add(x.asText()));
        }
        return types;
    }

    static Shape shape(JsonNode schema) {
        List<String> types = types(schema);
        if (types.contains("array")) {
            return Shape.ARRAY;
        }
        if (types.contains("object")) {
            return Shape.OBJECT;
        }
        if (types.isEmpty() && (schema.has("items"))) {
            return Shape.ARRAY;
        }
        if (types.isEmpty() && (schema.has("properties") || schema.has("additionalProperties"))) {
            return Shape.OBJECT;
        }
        return Shape.PRIMITIVE;
    }

    /** {@code raw} as the primitive {@code schema} describes. */
    public static JsonNode primitive(String raw, JsonNode schema) throws ConversionException {
        return primitive(raw, schema, UnaryOperator.identity());
    }

    /**
     * {@code raw} as the primitive {@code schema} describes, its {@code anyOf}/{@code oneOf} alternatives
     * followed through {@code resolve} when it declares no type of its own (Lago's
     * {@code http_statuses[]=404} is an integer of {@code anyOf: [string enum, integer]}).
     */
    static JsonNode primitive(String raw, JsonNode schema, UnaryOperator<JsonNode> resolve) throws ConversionException {
        List<String> types = types(schema);
        if (types.isEmpty()) {
            types = alternativeTypes(schema, resolve);
        }
        if (types.isEmpty()) {
            return NODES.textNode(raw);
        }
        for (String type : types) {
            JsonNode v = switch (type) {
                case "integer" -> integer(raw);
                case "number" -> number(raw);
                case "boolean" -> raw.equals("true") ? NODES.booleanNode(true) : raw.equals("false") ? NODES.booleanNode(false) : null;
                case "null" -> raw.isEmpty() || raw.equals("null") ? NODES.nullNode() : null;
                default -> null;
            };
            if (v != null) {
                return v;
            }
        }
        if (types.contains("string")) {
            return NODES.textNode(raw);
        }
        String first = types.get(0);
        String article = first.startsWith("i") || first.startsWith("a") || first.startsWith("o") ? "an " : "a ";
        throw new ConversionException("'" + Status.excerpt(raw) + "' is not " + article + first);
    }

    /** The types the {@code anyOf} and {@code oneOf} alternatives of {@code schema} declare, in order, once each. */
    private static List<String> alternativeTypes(JsonNode schema, UnaryOperator<JsonNode> resolve) {
        if (!schema.has("anyOf") && !schema.has("oneOf")) {
            return List.of(); // an untyped schema, per request: nothing to allocate
        }
        List<String> types = new ArrayList<>(2);
        for (String keyword : new String[] {"anyOf", "oneOf"}) {
            for (JsonNode alternative : schema.path(keyword)) {
                for (String type : types(resolve.apply(alternative))) {
                    if (!types.contains(type)) {
                        types.add(type);
                    }
                }
            }
        }
        return types;
    }

    private static JsonNode integer(String raw) {
        if (raw.isEmpty() || raw.length() > 40) {
            return null;
        }
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (!(c >= '0' && c <= '9') && !(i == 0 && (c == '-' || c == '+') && raw.length() > 1)) {
                return null;
            }
        }
        if (raw.length() < 10) {
            return NODES.numberNode(Integer.parseInt(raw));
        }
        BigInteger big = new BigInteger(raw);
        return big.bitLength() < 64 ? NODES.numberNode(big.longValue()) : NODES.numberNode(big);
    }

    private static JsonNode number(String raw) {
        JsonNode asInt = integer(raw);
        if (asInt != null) {
            return asInt;
        }
        if (raw.isEmpty() || raw.length() > 100 || !(Character.isDigit(raw.charAt(raw.length() - 1)))) {
            return null;
        }
        try {
            return NODES.numberNode(new BigDecimal(raw));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Each value of {@code raws} converted by the array's {@code items} schema. */
    static JsonNode array(List<String> raws, JsonNode schema, UnaryOperator<JsonNode> resolve) throws ConversionException {
        JsonNode items = resolve.apply(schema.path("items"));
        var arr = NODES.arrayNode(raws.size());
        for (int i = 0; i < raws.size(); i++) {
            try {
                arr.add(primitive(raws.get(i), items, resolve));
            } catch (ConversionException e) {
                throw new ConversionException("item " + i + ": " + e.getMessage());
            }
        }
        return arr;
    }

    /** Name/value pairs converted by the object's property schemas ({@code additionalProperties} for others). */
    static ObjectNode object(List<String[]> pairs, JsonNode schema, UnaryOperator<JsonNode> resolve) throws ConversionException {
        ObjectNode obj = NODES.objectNode();
        for (String[] kv : pairs) {
            JsonNode prop = schema.path("properties").get(kv[0]);
            if (prop == null) {
                JsonNode additional = schema.get("additionalProperties");
                prop = additional != null && additional.isObject() ? additional : NODES.objectNode();
            }
            prop = resolve.apply(prop);
            try {
                obj.set(kv[0], shape(prop) == Shape.ARRAY ? array(List.of(kv[1].split(",", -1)), prop, resolve)
                        : primitive(kv[1], prop, resolve));
            } catch (ConversionException e) {
                throw new ConversionException("property '" + Status.excerpt(kv[0]) + "': " + e.getMessage());
            }
        }
        return obj;
    }
}
