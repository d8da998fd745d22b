package io.lumen.codegen.schema;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/** Reading schema nodes the same way for 3.0 and 3.1: types without {@code null}, nullability, pointers. */
public final class Schemas {
    private static final int MAX_REF_HOPS = 32;

    private Schemas() {
    }

    /** The declared types except {@code null} ({@code type: string} or {@code type: [string, 'null']}). */
    public static List<String> types(JsonNode s) {
        List<String> out = new ArrayList<>();
        JsonNode t = s.get("type");
        if (t != null && t.isTextual() && !t.asText().equals("null")) {
            out.add(t.asText());
        } else if (t != null && t.isArray()) {
            t.forEach(x -> {
                if (x.isTextual() && !x.asText().equals("null")) {
                    out.add(x.asText());
                }
            });
        }
        return out;
    }

    /**
     * The type a schema without {@code type} implies by its keywords, as the generated Java type follows it:
     * {@code object} (a record or map), {@code array} (a list) or none.
     */
    public static String impliedType(JsonNode s) {
        if (s.has("properties") || s.has("additionalProperties") || s.has("required")) {
            return "object";
        }
        if (s.has("items") || s.has("prefixItems")) {
            return "array";
        }
        return "";
    }

    /** {@code null} is allowed: 3.0 {@code nullable: true}, a 3.1 type array with null, or a null-only variant. */
    public static boolean nullable(JsonNode s) {
        if (s.path("nullable").asBoolean(false)) {
            return true;
        }
        JsonNode t = s.get("type");
        if (t != null && (t.isArray() && t.toString().contains("\"null\"") || t.isTextual() && t.asText().equals("null"))) {
            return true;
        }
        for (String key : List.of("oneOf", "anyOf")) {
            for (JsonNode v : s.path(key)) {
                if (isNullOnly(v)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** {@code {type: 'null'}} or {@code {type: ['null']}}: only null. */
    public static boolean isNullOnly(JsonNode s) {
        JsonNode t = s.get("type");
        return t != null && (t.isTextual() && t.asText().equals("null")
                || t.isArray() && t.size() == 1 && t.get(0).asText().equals("null"));
    }

    /** Follows {@code $ref}s (already local pointers in the bundle) from {@code pointer}. */
    public static String deref(JsonNode bundle, String pointer) {
        String p = pointer;
        for (int i = 0; i < MAX_REF_HOPS; i++) {
            JsonNode ref = bundle.at(p).get("$ref");
            if (ref == null || !ref.isTextual() || !ref.asText().startsWith("#")) {
                return p;
            }
            p = ref.asText().substring(1);
        }
        return p;
    }

    /** A JSON pointer segment. */
    public static String escape(String segment) {
        return segment.replace("~", "~0").replace("/", "~1");
    }

    /** The last segment of a pointer, unescaped. */
    public static String lastSegment(String pointer) {
        return pointer.substring(pointer.lastIndexOf('/') + 1).replace("~1", "/").replace("~0", "~");
    }

    /** The {@code description}, else the {@code title}, else empty. */
    public static String describe(JsonNode s) {
        String d = s.path("description").asText("");
        return d.isBlank() ? s.path("title").asText("") : d;
    }
}
