package io.lumen.codegen.example;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lumen.codegen.schema.DiscriminatorValues;
import io.lumen.codegen.schema.Schemas;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Synthesizes a value that validates against a schema: the first enum value or the const; objects
 * with their required properties (minus {@code readOnly} ones in requests and {@code writeOnly} ones
 * in responses); arrays with {@code minItems} items (at least one, distinct when {@code uniqueItems});
 * strings by format, pattern and length; numbers inside their bounds and {@code multipleOf}; the
 * first variant of a {@code oneOf}/{@code anyOf}, with its discriminator value; {@code allOf} merged.
 * Schema-level examples are used where {@link #useExamples} allows. Null when no value can be made
 * (a required property that contains itself). Deterministic.
 */
public final class Instances {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_DEPTH = 16;

    /** Which properties a value leaves out: {@code readOnly} ones in requests, {@code writeOnly} ones in responses. */
    public enum Direction { REQUEST, RESPONSE }

    private final JsonNode bundle;
    private final Direction direction;
    private final boolean useExamples;
    private final DiscriminatorValues discriminators;

    /**
     * @param useExamples take {@code example}/{@code examples} found on (sub)schemas when they suit the schema's
     *                    simple constraints; the caller checks the whole value and may retry without them
     */
    public Instances(JsonNode bundle, Direction direction, boolean useExamples) {
        this.bundle = bundle;
        this.direction = direction;
        this.useExamples = useExamples;
        this.discriminators = new DiscriminatorValues(bundle);
    }

    /** A value for the schema at {@code pointer}, or null. */
    public JsonNode of(String pointer) {
        return value(bundle.at(pointer), 0, 0);
    }

    private JsonNode value(JsonNode s, int depth, int salt) {
        s = deref(s);
        if (depth > MAX_DEPTH) {
            return null;
        }
        if (s == null || s.isMissingNode() || s.isBoolean() || s.isNull()) {
            return NODES.textNode("string");
        }
        if (s.has("const")) {
            return s.get("const");
        }
        if (s.has("enum")) {
            List<JsonNode> values = new ArrayList<>();
            s.get("enum").forEach(v -> {
                if (!v.isNull()) {
                    values.add(v);
                }
            });
            // the salt picks another value for each item of a uniqueItems array
            return values.isEmpty() ? NODES.nullNode() : values.get(salt % values.size());
        }
        if (useExamples) {
            JsonNode example = s.has("example") ? s.get("example")
                    : s.path("examples").isArray() && !s.get("examples").isEmpty() ? s.get("examples").get(0) : null;
            if (example != null && !example.isNull() && suits(s, example)) {
                return example;
            }
        }
        if (s.has("allOf")) {
            return value(merge(s, 0), depth + 1, salt);
        }
        if (s.has("oneOf") || s.has("anyOf")) {
            return variant(s, depth, salt);
        }
        List<String> types = Schemas.types(s);
        String type = types.isEmpty() ? infer(s) : types.get(0);
        return switch (type) {
            case "object" -> object(s, depth, salt);
            case "array" -> array(s, depth, salt);
            case "integer" -> number(s, true, salt);
            case "number" -> number(s, false, salt);
            case "boolean" -> NODES.booleanNode(salt % 2 == 0);
            case "null" -> NODES.nullNode();
            default -> string(s, salt);
        };
    }

    private JsonNode deref(JsonNode s) {
        for (int i = 0; i < 32 && s != null && s.has("$ref") && s.get("$ref").isTextual(); i++) {
            String ref = s.get("$ref").asText();
            if (!ref.startsWith("#")) {
                return null;
            }
            s = bundle.at(ref.substring(1));
        }
        return s;
    }

    private static String infer(JsonNode s) {
        if (s.has("properties") || s.has("additionalProperties") || s.has("required")) {
            return "object";
        }
        if (s.has("items")) {
            return "array";
        }
        if (s.has("minimum") || s.has("maximum") || s.has("multipleOf")) {
            return "number";
        }
        return "string";
    }

    /** The keywords of {@code s} and its allOf parts in one schema (properties and required unioned). */
    private ObjectNode merge(JsonNode s, int depth) {
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

    private void mergeInto(JsonNode s, ObjectNode merged, ObjectNode properties, Set<String> required, int depth) {
        s = deref(s);
        if (s == null || depth > MAX_DEPTH) {
            return;
        }
        for (JsonNode part : s.path("allOf")) {
            mergeInto(part, merged, properties, required, depth + 1);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = s.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            switch (e.getKey()) {
                case "allOf", "$ref" -> { }
                case "properties" -> e.getValue().properties().forEach(p -> properties.set(p.getKey(), p.getValue()));
                case "required" -> e.getValue().forEach(r -> required.add(r.asText()));
                default -> merged.set(e.getKey(), e.getValue());
            }
        }
    }

    private JsonNode variant(JsonNode s, int depth, int salt) {
        String key = s.has("oneOf") ? "oneOf" : "anyOf";
        for (JsonNode v : s.get(key)) {
            if (Schemas.isNullOnly(v)) {
                continue;
            }
            JsonNode merged = s.has("properties") || s.has("required") ? mergeWith(s, v, key) : v;
            JsonNode value = value(merged, depth + 1, salt);
            if (value == null) {
                continue;
            }
            String property = s.path("discriminator").path("propertyName").asText("");
            if (!property.isEmpty() && value instanceof ObjectNode obj) {
                obj.put(property, discriminatorValue(s, v, property));
            }
            return value;
        }
        return null;
    }

    /** A variant seen together with the properties written beside the oneOf. */
    private ObjectNode mergeWith(JsonNode s, JsonNode variant, String key) {
        ObjectNode outer = s.deepCopy();
        outer.remove(key);
        outer.remove("discriminator");
        ObjectNode both = NODES.objectNode();
        both.putArray("allOf").add(outer).add(variant);
        return merge(both, 0);
    }

    /** The variant's mapping key; else the value it pins the property to; else its schema name (OpenAPI's implicit value). */
    private String discriminatorValue(JsonNode s, JsonNode variant, String property) {
        String target = variant.has("$ref") ? variant.get("$ref").asText() : null;
        if (target != null) {
            for (Map.Entry<String, JsonNode> e : s.path("discriminator").path("mapping").properties()) {
                String m = e.getValue().asText();
                if (m.equals(target) || !m.startsWith("#") && target.equals("#/components/schemas/" + Schemas.escape(m))) {
                    return e.getKey();
                }
            }
            List<String> pinned = discriminators.pinned(Schemas.deref(bundle, target.substring(1)), property);
            return pinned.isEmpty() ? Schemas.lastSegment(target) : pinned.get(0);
        }
        return "";
    }

    private JsonNode object(JsonNode s, int depth, int salt) {
        ObjectNode out = NODES.objectNode();
        JsonNode props = s.path("properties");
        List<String> required = new ArrayList<>();
        s.path("required").forEach(r -> required.add(r.asText()));
        for (String name : required) {
            JsonNode ps = props.get(name);
            JsonNode target = ps == null ? null : deref(ps);
            if (target != null && hidden(target)) {
                continue;
            }
            JsonNode v = ps == null ? additional(s, depth, salt) : value(ps, depth + 1, 0);
            if (v == null) {
                return null;
            }
            out.set(name, v);
        }
        int minProperties = s.path("minProperties").asInt(0);
        for (Iterator<Map.Entry<String, JsonNode>> it = props.properties().iterator(); it.hasNext() && out.size() < minProperties; ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode target = deref(e.getValue());
            if (!out.has(e.getKey()) && target != null && !hidden(target)) {
                JsonNode v = value(e.getValue(), depth + 1, 0);
                if (v != null) {
                    out.set(e.getKey(), v);
                }
            }
        }
        for (int i = 1; out.size() < minProperties && i <= minProperties; i++) {
            JsonNode v = additional(s, depth, i);
            if (v == null) {
                break;
            }
            out.set("key" + i, v);
        }
        return out;
    }

    private JsonNode additional(JsonNode s, int depth, int salt) {
        JsonNode ap = s.get("additionalProperties");
        if (ap != null && ap.isBoolean() && !ap.asBoolean()) {
            return null;
        }
        return ap != null && ap.isObject() ? value(ap, depth + 1, salt) : NODES.textNode("value");
    }

    private boolean hidden(JsonNode s) {
        return direction == Direction.REQUEST ? s.path("readOnly").asBoolean(false) : s.path("writeOnly").asBoolean(false);
    }

    private JsonNode array(JsonNode s, int depth, int salt) {
        int min = Math.max(1, s.path("minItems").asInt(0));
        int n = s.has("maxItems") ? Math.min(min, s.get("maxItems").asInt()) : min;
        ArrayNode out = NODES.arrayNode();
        boolean unique = s.path("uniqueItems").asBoolean(false);
        for (int i = 0; i < n; i++) {
            JsonNode v = value(s.path("items"), depth + 1, unique ? i : 0);
            if (v == null) {
                return s.path("minItems").asInt(0) == 0 ? out : null;
            }
            out.add(v);
        }
        return out;
    }

    private JsonNode string(JsonNode s, int salt) {
        String format = s.path("format").asText("");
        String value = switch (format) {
            case "date-time" -> "2024-01-0" + (1 + salt % 9) + "T00:00:00Z";
            case "date" -> "2024-01-0" + (1 + salt % 9);
            case "time" -> "12:00:0" + salt % 10 + "Z";
            case "uuid" -> "0b6c9b6e-5c1d-4c3e-9a4f-1d2e3f4a5b6" + Integer.toHexString(salt % 16);
            case "email", "idn-email" -> "user" + (salt == 0 ? "" : salt) + "@example.com";
            case "uri", "url", "iri" -> "https://example.com/" + (salt == 0 ? "" : salt);
            case "uri-reference", "iri-reference" -> "/example" + (salt == 0 ? "" : salt);
            case "hostname", "idn-hostname" -> "host" + (salt == 0 ? "" : salt) + ".example.com";
            case "ipv4" -> "192.0.2." + (1 + salt % 250);
            case "ipv6" -> "2001:db8::" + (1 + salt % 9);
            case "byte" -> salt == 0 ? "bHVtZW4=" : "bHVtZW4" + salt % 10 + "";
            case "duration" -> "PT" + (1 + salt) + "M";
            case "json-pointer" -> "/example";
            case "regex" -> "^a$";
            default -> null;
        };
        if ("byte".equals(format) && salt != 0) {
            value = Base64.getEncoder().encodeToString(("lumen" + salt).getBytes(StandardCharsets.US_ASCII));
        }
        String pattern = s.path("pattern").asText(null);
        if (pattern != null && (value == null || !PatternSample.matches(pattern, value))) {
            String sample = PatternSample.of(pattern);
            if (sample != null) {
                return NODES.textNode(sample);
            }
        }
        if (value != null) {
            return NODES.textNode(value);
        }
        String base = salt == 0 ? "string" : "string" + salt;
        int min = s.path("minLength").asInt(0);
        int max = s.has("maxLength") ? s.get("maxLength").asInt() : Integer.MAX_VALUE;
        StringBuilder b = new StringBuilder(base);
        while (b.length() < min) {
            b.append('x');
        }
        if (b.length() > max) {
            b.setLength(max);
        }
        return NODES.textNode(b.toString());
    }

    private JsonNode number(JsonNode s, boolean integer, int salt) {
        BigDecimal lo = bound(s, "minimum", "exclusiveMinimum", integer, true);
        BigDecimal hi = bound(s, "maximum", "exclusiveMaximum", integer, false);
        BigDecimal v = lo != null ? lo : hi != null && hi.compareTo(BigDecimal.ONE) < 0 ? hi : BigDecimal.ONE;
        v = v.add(BigDecimal.valueOf(salt));
        if (hi != null && v.compareTo(hi) > 0) {
            v = hi;
        }
        JsonNode m = s.get("multipleOf");
        if (m != null && m.isNumber() && m.decimalValue().signum() > 0) {
            BigDecimal step = m.decimalValue();
            BigDecimal k = v.divide(step, 0, RoundingMode.CEILING);
            BigDecimal candidate = k.multiply(step);
            if (hi != null && candidate.compareTo(hi) > 0) {
                candidate = v.divide(step, 0, RoundingMode.FLOOR).multiply(step);
            }
            v = candidate;
        }
        if (integer) {
            return NODES.numberNode(v.setScale(0, RoundingMode.CEILING).toBigInteger().longValueExact());
        }
        return NODES.numberNode(v.stripTrailingZeros().scale() <= 0 ? v.setScale(1, RoundingMode.UNNECESSARY) : v);
    }

    /** The inclusive bound from minimum/maximum and their exclusive forms (3.0 booleans, 3.1 numbers). */
    private static BigDecimal bound(JsonNode s, String inclusive, String exclusive, boolean integer, boolean lower) {
        BigDecimal step = integer ? BigDecimal.ONE : new BigDecimal("0.5");
        BigDecimal b = null;
        if (s.path(inclusive).isNumber()) {
            b = s.get(inclusive).decimalValue();
            if (s.path(exclusive).asBoolean(false) && s.get(exclusive).isBoolean()) {
                b = lower ? b.add(step) : b.subtract(step);
            }
        }
        if (s.path(exclusive).isNumber()) {
            BigDecimal e = s.get(exclusive).decimalValue();
            e = lower ? e.add(step) : e.subtract(step);
            b = b == null ? e : lower ? b.max(e) : b.min(e);
        }
        if (b != null && integer) {
            b = b.setScale(0, lower ? RoundingMode.CEILING : RoundingMode.FLOOR);
        }
        return b;
    }

    /** An example suits a schema's simple constraints (type, enum, bounds, lengths, pattern); objects and arrays by type. */
    static boolean suits(JsonNode s, JsonNode v) {
        List<String> types = Schemas.types(s);
        if (!types.isEmpty()) {
            boolean ok = false;
            for (String t : types) {
                ok |= switch (t) {
                    case "string" -> v.isTextual();
                    case "integer" -> v.isIntegralNumber() || v.isNumber() && v.decimalValue().stripTrailingZeros().scale() <= 0;
                    case "number" -> v.isNumber();
                    case "boolean" -> v.isBoolean();
                    case "object" -> v.isObject();
                    case "array" -> v.isArray();
                    default -> false;
                };
            }
            if (!ok) {
                return false;
            }
        }
        if (v.isTextual()) {
            String text = v.asText();
            if (s.has("minLength") && text.codePointCount(0, text.length()) < s.get("minLength").asInt()
                    || s.has("maxLength") && text.codePointCount(0, text.length()) > s.get("maxLength").asInt()
                    || s.has("pattern") && !PatternSample.matches(s.get("pattern").asText(), text)) {
                return false;
            }
        }
        if (v.isNumber()) {
            BigDecimal d = v.decimalValue();
            if (s.path("minimum").isNumber() && d.compareTo(s.get("minimum").decimalValue()) < 0
                    || s.path("maximum").isNumber() && d.compareTo(s.get("maximum").decimalValue()) > 0) {
                return false;
            }
        }
        return true;
    }
}
