package io.lumen.validator.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rewrites the schemas of a spec bundle into plain JSON Schema 2020-12 for one direction, so the
 * schema library needs no OpenAPI dialect:
 * <ul>
 * <li>3.0 {@code nullable: true} becomes a type array with {@code null} (or {@code anyOf} with
 *     {@code {type: null}} for untyped schemas), when {@code handleNullableField} is on;</li>
 * <li>3.0 boolean {@code exclusiveMinimum}/{@code exclusiveMaximum} become numeric;</li>
 * <li>{@code format: int32}/{@code int64} add their range as {@code minimum}/{@code maximum};</li>
 * <li>requests: {@code readOnly} properties are not required, and ignored (any value) or refused
 *     ({@code readOnlyProperties: refuse}); responses: {@code writeOnly} ones are refused and not
 *     required; decided on the merged {@code allOf} schema ({@link MergedSchema});</li>
 * <li>{@code discriminator} next to {@code oneOf}/{@code anyOf}: the discriminator property must
 *     name a mapped schema, an alternative's schema name or a value the alternative pins with
 *     {@code const}/{@code enum} ({@code enum}) and that schema alone is applied ({@code if}/{@code then}),
 *     so errors are the chosen schema's, not every alternative's.</li>
 * </ul>
 * Startup only; works on a deep copy.
 */
final class SchemaNormalizer {
    enum Direction { REQUEST, RESPONSE }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> SCHEMA_MAPS = List.of("properties", "patternProperties", "$defs", "definitions",
            "dependentSchemas");
    private static final List<String> SCHEMA_LISTS = List.of("allOf", "anyOf", "oneOf", "prefixItems");
    private static final List<String> SCHEMA_SINGLE = List.of("additionalProperties", "items", "additionalItems", "not",
            "if", "then", "else", "contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems");

    private final ObjectNode bundle;
    private final boolean v30;
    private final boolean handleNullable;
    private final Direction direction;
    private final boolean refuseReadOnly;
    private final Set<JsonNode> done = Collections.newSetFromMap(new IdentityHashMap<>());

    private SchemaNormalizer(ObjectNode bundle, boolean v30, boolean handleNullable, Direction direction,
                             boolean refuseReadOnly) {
        this.bundle = bundle;
        this.refuseReadOnly = refuseReadOnly;
        this.v30 = v30;
        this.handleNullable = handleNullable;
        this.direction = direction;
    }

    /** A normalized deep copy of {@code bundle}. */
    static ObjectNode normalize(JsonNode bundle, boolean v30, boolean handleNullable, Direction direction,
                                boolean refuseReadOnly) {
        ObjectNode copy = (ObjectNode) bundle.deepCopy();
        new SchemaNormalizer(copy, v30, handleNullable, direction, refuseReadOnly).walkDocument(copy);
        return copy;
    }

    /** Finds schema positions in the OpenAPI structure: every {@code schema} value and {@code components/schemas}. */
    private void walkDocument(JsonNode node) {
        if (node instanceof ObjectNode obj) {
            for (Iterator<Map.Entry<String, JsonNode>> it = obj.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getKey().equals("schema") && e.getValue().isObject()) {
                    schema((ObjectNode) e.getValue());
                } else if (e.getKey().equals("schemas") && e.getValue().isObject()) {
                    e.getValue().forEach(s -> {
                        if (s instanceof ObjectNode o) {
                            schema(o);
                        }
                    });
                } else if (!e.getKey().equals("example") && !e.getKey().equals("examples")) {
                    walkDocument(e.getValue());
                }
            }
        } else if (node instanceof ArrayNode arr) {
            arr.forEach(this::walkDocument);
        }
    }

    private void schema(ObjectNode s) {
        if (!done.add(s)) {
            return;
        }
        if (v30 && s.has("$ref")) {
            // 3.0: keywords beside a $ref SHALL be ignored; a type there only restates the target's or contradicts it
            // (Xero Projects' rate: {$ref: Amount (an object), type: number} accepted no value at all)
            s.remove("type");
        }
        JsonNode ref = s.get("$ref");
        if (ref != null && ref.isTextual() && ref.asText().startsWith("#") && target(ref.asText()) instanceof ObjectNode t) {
            schema(t);
        }
        for (String key : SCHEMA_MAPS) {
            if (s.get(key) instanceof ObjectNode map) {
                map.forEach(v -> {
                    if (v instanceof ObjectNode o) {
                        schema(o);
                    }
                });
            }
        }
        for (String key : SCHEMA_LISTS) {
            if (s.get(key) instanceof ArrayNode list) {
                list.forEach(v -> {
                    if (v instanceof ObjectNode o) {
                        schema(o);
                    }
                });
            }
        }
        for (String key : SCHEMA_SINGLE) {
            JsonNode v = s.get(key);
            if (v instanceof ObjectNode o) {
                schema(o);
            } else if (v instanceof ArrayNode arr && key.equals("items")) { // draft-4 style tuple items
                arr.forEach(x -> {
                    if (x instanceof ObjectNode o) {
                        schema(o);
                    }
                });
            }
        }
        if (v30) {
            exclusive(s, "exclusiveMinimum", "minimum");
            exclusive(s, "exclusiveMaximum", "maximum");
        }
        integerRange(s);
        visibility(s);
        discriminator(s);
        if (v30 && s.has("nullable")) {
            boolean nullable = s.get("nullable").asBoolean(false);
            s.remove("nullable");
            if (nullable && handleNullable) {
                nullable(s);
            }
        }
    }

    private JsonNode target(String ref) {
        return bundle.at(ref.substring(1));
    }

    private static void exclusive(ObjectNode s, String exclusive, String bound) {
        JsonNode flag = s.get(exclusive);
        if (flag != null && flag.isBoolean()) {
            s.remove(exclusive);
            if (flag.asBoolean() && s.has(bound)) {
                s.set(exclusive, s.remove(bound));
            }
        }
    }

    private static void integerRange(ObjectNode s) {
        String format = s.path("format").asText("");
        long min;
        long max;
        if (format.equals("int32")) {
            min = Integer.MIN_VALUE;
            max = Integer.MAX_VALUE;
        } else if (format.equals("int64")) {
            min = Long.MIN_VALUE;
            max = Long.MAX_VALUE;
        } else {
            return;
        }
        if (!s.has("minimum") || s.get("minimum").decimalValue().compareTo(BigDecimal.valueOf(min)) < 0) {
            s.put("minimum", min);
        }
        if (!s.has("maximum") || s.get("maximum").decimalValue().compareTo(BigDecimal.valueOf(max)) > 0) {
            s.put("maximum", max);
        }
    }

    /**
     * Requests: readOnly properties are not required and (by {@code readOnlyProperties}) either
     * ignored or refused; responses: writeOnly properties are refused and not required. Decided on
     * the merged schema, so a property readOnly in one {@code allOf} part and required in another
     * (or outside) is not required; a {@code $ref}'d part that must change is replaced by a copy,
     * because the component is also used where the property is visible.
     */
    private void visibility(ObjectNode s) {
        String keyword = direction == Direction.REQUEST ? "readOnly" : "writeOnly";
        MergedSchema merged = MergedSchema.of(bundle, s);
        Set<String> hidden = new LinkedHashSet<>();
        for (String name : merged.propertyNames()) {
            if (merged.flagged(name, keyword)) {
                hidden.add(name);
            }
        }
        if (!hidden.isEmpty()) {
            hide(s, hidden);
        }
    }

    private void hide(ObjectNode s, Set<String> hidden) {
        if (s.get("properties") instanceof ObjectNode props) {
            for (String name : hidden) {
                if (props.has(name)) {
                    props.set(name, hiddenSchema(name));
                }
            }
        }
        if (s.get("required") instanceof ArrayNode required) {
            for (int i = required.size() - 1; i >= 0; i--) {
                if (hidden.contains(required.get(i).asText())) {
                    required.remove(i);
                }
            }
        }
        if (s.get("allOf") instanceof ArrayNode parts) {
            for (int i = 0; i < parts.size(); i++) {
                JsonNode part = parts.get(i);
                if (part.has("$ref") && mentions(MergedSchema.resolve(bundle, part), hidden)) {
                    ObjectNode copy = MergedSchema.resolve(bundle, part).deepCopy();
                    parts.set(i, copy);
                    hide(copy, hidden);
                } else if (part instanceof ObjectNode inline && !part.has("$ref")) {
                    hide(inline, hidden);
                }
            }
        }
    }

    /** Whether {@code s} or its parts declare or require one of {@code names} other than as hidden already. */
    private boolean mentions(JsonNode s, Set<String> names) {
        MergedSchema m = MergedSchema.of(bundle, s);
        for (String name : names) {
            if (m.required().contains(name)) {
                return true;
            }
            for (JsonNode p : m.property(name)) {
                if (!p.has(HiddenProperty.NAME) && !(p.path("readOnly").asBoolean(false) && p.size() == 1)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** What a hidden property's schema becomes: a refusal naming the rule, or (readOnly ignored) anything. */
    private ObjectNode hiddenSchema(String name) {
        ObjectNode h = NODES.objectNode();
        if (direction == Direction.RESPONSE) {
            h.put("writeOnly", true);
            h.put(HiddenProperty.NAME, "writeOnly property '" + name + "' must not be returned");
        } else {
            h.put("readOnly", true);
            if (refuseReadOnly) {
                h.put(HiddenProperty.NAME, "readOnly property '" + name + "' must not be sent");
            }
        }
        return h;
    }

    private void discriminator(ObjectNode s) {
        JsonNode d = s.get("discriminator");
        String choice = s.has("oneOf") ? "oneOf" : s.has("anyOf") ? "anyOf" : null;
        if (d == null || choice == null || !d.path("propertyName").isTextual()) {
            return;
        }
        String property = d.get("propertyName").asText();
        Map<String, String> mapping = new LinkedHashMap<>();
        d.path("mapping").properties().forEach(e -> {
            String v = e.getValue().asText();
            mapping.put(e.getKey(), v.startsWith("#") ? v : "#/components/schemas/" + v);
        });
        for (JsonNode alt : s.get(choice)) {
            String ref = alt.path("$ref").asText("");
            if (!ref.startsWith("#")) {
                return; // an inline alternative cannot be named: keep plain oneOf/anyOf semantics
            }
            if (!mapping.containsValue(ref)) {
                mapping.put(ref.substring(ref.lastIndexOf('/') + 1), ref);
            }
            // real specs pin each variant's discriminator property (enum or const) and send those values
            for (String value : MergedSchema.of(bundle, target(ref)).pinned(property)) {
                mapping.putIfAbsent(value, ref);
            }
        }
        for (String ref : mapping.values()) {
            if (target(ref).isMissingNode()) {
                return;
            }
        }
        ArrayNode names = NODES.arrayNode();
        mapping.keySet().forEach(names::add);
        ArrayNode all = s.has("allOf") ? (ArrayNode) s.get("allOf") : s.putArray("allOf");
        ObjectNode select = NODES.objectNode();
        select.putArray("required").add(property);
        select.putObject("properties").putObject(property).set("enum", names);
        all.add(select);
        for (Map.Entry<String, String> m : mapping.entrySet()) {
            ObjectNode branch = NODES.objectNode();
            ObjectNode cond = branch.putObject("if");
            cond.putArray("required").add(property);
            cond.putObject("properties").putObject(property).put("const", m.getKey());
            branch.putObject("then").put("$ref", m.getValue());
            all.add(branch);
        }
        s.remove(choice);
        s.remove("discriminator");
    }

    private static void nullable(ObjectNode s) {
        JsonNode type = s.get("type");
        if (type != null && type.isTextual()) {
            s.putArray("type").add(type.asText()).add("null");
            if (s.get("enum") instanceof ArrayNode e && !e.toString().contains("null")) {
                e.addNull();
            }
            return;
        }
        if (type == null && (s.has("$ref") || s.has("allOf") || s.has("oneOf") || s.has("anyOf"))) {
            ObjectNode inner = s.deepCopy();
            s.removeAll();
            s.putArray("anyOf").add(NODES.objectNode().put("type", "null")).add(inner);
        }
    }
}
