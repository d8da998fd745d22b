package io.lumen.codegen.operation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.lumen.codegen.diagnostics.Diagnostics;
import io.lumen.codegen.schema.Schemas;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.validator.validation.SchemaCheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The values a generation needs (stub bodies, test request bodies and parameters), each with its
 * candidates in order of preference (the spec's example, an instance using sub-schema examples, a
 * plain instance). {@link #resolve} checks every candidate of every slot in one batch with the
 * validator's own schemas and keeps the first valid one; a slot without any is warned about (for
 * stubs and bodies) and keeps its best effort.
 */
final class ValueSlots {
    private final List<Slot> slots = new ArrayList<>();
    private final List<JsonNode> chosen = new ArrayList<>();

    /**
     * @param schema     the schema pointer, or null (the first candidate is taken as is)
     * @param example    whether the first candidate is the spec's example (a failing one is warned about)
     * @param where      the pointer warnings name; null: no warnings
     */
    private record Slot(String schema, boolean response, List<JsonNode> candidates, boolean example, String where, String what) {
    }

    int add(String schema, boolean response, List<JsonNode> candidates, boolean example, String where, String what) {
        slots.add(new Slot(schema, response, candidates, example, where, what));
        return slots.size() - 1;
    }

    JsonNode get(int slot) {
        return chosen.get(slot);
    }

    void resolve(OpenApiSpec spec, Diagnostics diagnostics) {
        List<SchemaCheck.Item> items = new ArrayList<>();
        for (Slot s : slots) {
            if (s.schema != null) {
                for (JsonNode c : s.candidates) {
                    items.add(new SchemaCheck.Item(s.schema, c, s.response));
                }
            }
        }
        List<List<String>> problems = items.isEmpty() ? List.of() : SchemaCheck.check(spec, items);
        int next = 0;
        for (Slot s : slots) {
            if (s.schema == null) {
                chosen.add(s.candidates.isEmpty() ? JsonNodeFactory.instance.objectNode() : s.candidates.get(0));
                continue;
            }
            JsonNode pick = null;
            List<String> last = List.of();
            for (int i = 0; i < s.candidates.size(); i++) {
                List<String> p = withJavaFit(spec.bundle(), problems.get(next + i), s.candidates.get(i), s.schema, "");
                if (p.isEmpty() && pick == null) {
                    pick = s.candidates.get(i);
                }
                if (i == 0 && s.example && !p.isEmpty() && s.where != null) {
                    diagnostics.warn("example that breaks its schema", s.where, "the example does not match its schema (" + String.join("; ", p)
                            + "); the " + s.what + " uses a synthesized value");
                }
                last = p;
            }
            next += s.candidates.size();
            if (pick == null) {
                if (s.where != null) {
                    diagnostics.warn("no valid value for a stub or test request (it will fail)", s.schema, "no valid value could be synthesized for the " + s.what + " ("
                            + (s.candidates.isEmpty() ? "the schema requires itself" : String.join("; ", last))
                            + "); give it an example");
                }
                pick = s.candidates.isEmpty() ? JsonNodeFactory.instance.objectNode() : s.candidates.get(s.candidates.size() - 1);
            }
            chosen.add(pick);
        }
    }

    /**
     * The schema's problems plus values the generated layer cannot bind: an {@code integer} without format is a
     * {@code Long}, so a stub answering 9223372036854776000 (an example rounded by JavaScript) would fail when it
     * binds, at every call; a schema without {@code type} whose keywords make it a record, map or list
     * (Xero's {@code Folder}: properties only) takes any JSON value, but its Java type takes an object or array
     * only, so Xero's examples written as JSON text in a string fail to bind.
     *
     * @param schema the value's schema pointer, or null (below an untyped or composed schema)
     */
    private static List<String> withJavaFit(JsonNode bundle, List<String> problems, JsonNode value, String schema, String pointer) {
        List<String> out = problems;
        String at = schema == null ? null : Schemas.deref(bundle, schema);
        String implied = at == null ? "" : impliedType(bundle.at(at));
        if (!implied.isEmpty() && !value.isNull() && !value.getNodeType().name().equalsIgnoreCase(implied)) {
            out = new ArrayList<>(problems);
            out.add((pointer.isEmpty() ? "" : pointer + ": ") + article(value.getNodeType().name().toLowerCase(Locale.ROOT))
                    + " where the generated Java type is " + article(implied));
        } else if (value.isIntegralNumber() && !value.canConvertToLong()) {
            out = new ArrayList<>(problems);
            out.add((pointer.isEmpty() ? "" : pointer + ": ") + value + " does not fit a Java long");
        } else if (value.isObject()) {
            for (var e : value.properties()) {
                String property = at == null ? null : at + "/properties/" + Schemas.escape(e.getKey());
                out = withJavaFit(bundle, out, e.getValue(), property != null && !bundle.at(property).isMissingNode() ? property : null,
                        pointer + "/" + e.getKey());
            }
        } else if (value.isArray()) {
            String items = at == null || !bundle.at(at).path("items").isObject() ? null : at + "/items";
            for (int i = 0; i < value.size(); i++) {
                out = withJavaFit(bundle, out, value.get(i), items, pointer + "/" + i);
            }
        }
        return out;
    }

    /** The type the schema implies when it declares none and composes nothing (the validator checks declared types). */
    private static String impliedType(JsonNode s) {
        for (String declared : List.of("type", "enum", "const", "allOf", "oneOf", "anyOf", "not")) {
            if (s.has(declared)) {
                return "";
            }
        }
        return Schemas.impliedType(s);
    }

    private static String article(String kind) {
        return (kind.startsWith("a") || kind.startsWith("o") ? "an " : "a ") + kind;
    }
}
