package io.lumen.codegen.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.lumen.codegen.diagnostics.Diagnostics;
import io.lumen.codegen.naming.NameTable;
import io.lumen.codegen.naming.Names;
import io.lumen.openapi.OpenApiSpec;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Maps the schemas of a bundled spec to Java types and collects the declarations they need.
 *
 * <ul>
 *   <li>{@code components/schemas} (and schemas in referenced files) are named after their key;
 *       inline schemas after where they are ({@code Order.shipping} is {@code OrderShipping}, an
 *       array's items {@code ...Item}, a request body {@code <Operation>Body}), numbered when taken;</li>
 *   <li>objects with properties are records ({@code allOf} merged into one); objects without
 *       properties are {@code Map<String, T>} ({@code additionalProperties}); arrays are {@code List}s;
 *       a top-level array or a schema that is a primitive is that plain Java type, not a class;</li>
 *   <li>{@code enum}/{@code const} values are enums; {@code oneOf}/{@code anyOf} with a discriminator
 *       are sealed interfaces; without one, or with variants that are not objects, {@code JsonNode}
 *       with a warning;</li>
 *   <li>formats: {@code int32} Integer, {@code int64} and unformatted integers Long, numbers Double
 *       ({@code decimal} BigDecimal), {@code date-time} OffsetDateTime, {@code date} LocalDate,
 *       {@code uuid} UUID, {@code byte} byte[] (base64); {@code binary} inside JSON stays a String.</li>
 * </ul>
 * Two schema names that give one class name, also when they differ only in case, are numbered
 * ({@code NullTime}, {@code NullTime2}) with a warning.
 */
public final class TypeMapper {
    /** Any JSON value. */
    public static final ClassName JSON_NODE = ClassName.get("com.fasterxml.jackson.databind", "JsonNode");
    private static final ClassName LIST = ClassName.get(List.class);
    private static final ClassName MAP = ClassName.get(Map.class);
    private static final TypeName STRING = ClassName.get(String.class);
    private static final ClassName FORM_PART = ClassName.get("io.lumen.handler.body", "FormPart");
    private static final String COMPONENTS = "/components/schemas/";

    private final OpenApiSpec spec;
    private final JsonNode bundle;
    private final String modelPackage;
    private final Diagnostics diagnostics;
    private final NameTable classes = new NameTable();
    private final Map<String, TypeName> byPointer = new HashMap<>();
    private final Map<String, ClassName> componentNames = new HashMap<>();
    private final Map<String, ClassName> aliases = new HashMap<>();
    private final Map<ClassName, Model> models = new TreeMap<>(Comparator.comparing(ClassName::canonicalName));
    private final EnumTypes enums;
    private final UnionTypes unions;

    public TypeMapper(OpenApiSpec spec, String modelPackage, Diagnostics diagnostics) {
        this.spec = spec;
        this.bundle = spec.bundle();
        this.modelPackage = modelPackage;
        this.diagnostics = diagnostics;
        this.enums = new EnumTypes(this, diagnostics);
        this.unions = new UnionTypes(this, spec, diagnostics);
        // components first, in name order: their names are the user's and must not lose to inline names
        for (String name : componentKeys()) {
            String pointer = COMPONENTS + Schemas.escape(name);
            String simple = Names.type(name);
            if (simple.isEmpty()) {
                throw spec.error(pointer, "schema name '" + name + "' gives no Java class name");
            }
            componentNames.put(pointer, ClassName.get(modelPackage, userClass(simple, pointer, name)));
        }
    }

    /** Resolves every component schema (so unused ones are generated too). */
    public void resolveComponents() {
        for (String name : componentKeys()) {
            resolve(COMPONENTS + Schemas.escape(name), name);
        }
    }

    private List<String> componentKeys() {
        List<String> keys = new ArrayList<>();
        bundle.path("components").path("schemas").fieldNames().forEachRemaining(keys::add);
        keys.sort(Comparator.naturalOrder());
        return keys;
    }

    /** The declarations collected so far, by class name. */
    public List<Model> models() {
        List<Model> out = new ArrayList<>();
        for (Model m : models.values()) {
            List<ClassName> implemented = m instanceof Model.Record r ? unions.interfacesOf(r.name()) : List.of();
            if (!implemented.isEmpty()) {
                out.add(((Model.Record) m).withInterfaces(implemented));
            } else {
                out.add(m);
            }
        }
        return out;
    }

    /** Simple names of the model classes, to qualify where they shadow {@code java.lang}. */
    public Set<String> classNames() {
        return models.keySet().stream().map(ClassName::simpleName).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /**
     * The Java type of the schema at {@code pointer}.
     *
     * @param hint the name an inline object, enum or union gets (made unique); ignored for referenced schemas
     */
    public TypeName resolve(String pointer, String hint) {
        JsonNode s = bundle.at(pointer);
        if (s.isMissingNode() || s.isNull() || s.isBoolean()) {
            return JSON_NODE;
        }
        JsonNode ref = s.get("$ref");
        if (ref != null && ref.isTextual()) {
            String target = Schemas.deref(bundle, pointer);
            if (componentNames.containsKey(pointer) && !componentNames.containsKey(target)) {
                aliases.putIfAbsent(target, componentNames.get(pointer)); // the class takes the component's name
            }
            boolean named = componentNames.containsKey(target) || aliases.containsKey(target);
            boolean wholeFile = target.matches("/" + OpenApiSpec.FILES + "/\\d+");
            boolean inFile = target.startsWith("/" + OpenApiSpec.FILES + "/");
            return resolveAt(target, wholeFile ? hint : Schemas.lastSegment(target), !named && !wholeFile && inFile);
        }
        return resolveAt(pointer, hint, false);
    }

    private TypeName resolveAt(String pointer, String name, boolean userNamed) {
        TypeName known = byPointer.get(pointer);
        if (known != null) {
            return known;
        }
        TypeName t = compute(pointer, bundle.at(pointer), name, userNamed);
        byPointer.putIfAbsent(pointer, t);
        return byPointer.get(pointer);
    }

    private TypeName compute(String p, JsonNode s, String name, boolean userNamed) {
        if (s.has("enum") || s.has("const")) {
            return enums.map(p, s, name, userNamed);
        }
        if (s.has("allOf")) {
            return allOf(p, s, name, userNamed);
        }
        if (s.has("oneOf") || s.has("anyOf")) {
            return unions.map(p, s, name, userNamed);
        }
        List<String> types = Schemas.types(s);
        if (types.size() > 1) {
            return JSON_NODE;
        }
        String type = types.isEmpty() ? Schemas.impliedType(s) : types.get(0);
        return switch (type) {
            case "object" -> object(p, s, name, userNamed);
            case "array" -> array(p, s, name);
            case "string" -> JavaTypes.string(s.path("format").asText(""));
            case "integer" -> "int32".equals(s.path("format").asText()) ? ClassName.get(Integer.class) : ClassName.get(Long.class);
            case "number" -> "decimal".equals(s.path("format").asText()) ? ClassName.get(BigDecimal.class) : ClassName.get(Double.class);
            case "boolean" -> ClassName.get(Boolean.class);
            default -> JSON_NODE;
        };
    }

    private TypeName array(String p, JsonNode s, String name) {
        if (!s.has("items") || s.get("items").isBoolean()) {
            return ParameterizedTypeName.get(LIST, JSON_NODE);
        }
        return ParameterizedTypeName.get(LIST, resolve(p + "/items", name + "Item"));
    }

    private TypeName object(String p, JsonNode s, String name, boolean userNamed) {
        JsonNode props = s.path("properties");
        JsonNode additional = s.get("additionalProperties");
        if (props.isEmpty()) {
            if (additional != null && additional.isObject()) {
                return ParameterizedTypeName.get(MAP, STRING, resolve(p + "/additionalProperties", name + "Value"));
            }
            if (additional != null && additional.isBoolean() && !additional.asBoolean()) {
                return record(p, s, name, userNamed, new LinkedHashMap<>(), new LinkedHashSet<>(), null);
            }
            return ParameterizedTypeName.get(MAP, STRING, ClassName.get(Object.class));
        }
        Map<String, String> properties = new LinkedHashMap<>();
        props.fieldNames().forEachRemaining(k -> properties.put(k, p + "/properties/" + Schemas.escape(k)));
        Set<String> required = new LinkedHashSet<>();
        s.path("required").forEach(r -> required.add(r.asText()));
        return record(p, s, name, userNamed, properties, required,
                additional != null && additional.isObject() ? p + "/additionalProperties" : null);
    }

    private TypeName allOf(String p, JsonNode s, String name, boolean userNamed) {
        JsonNode parts = s.get("allOf");
        boolean ownShape = s.has("properties") || s.has("additionalProperties");
        if (parts.size() == 1 && !ownShape) {
            return resolve(p + "/allOf/0", name); // a wrapper, e.g. to add nullable or a description to a $ref
        }
        Map<String, String> properties = new LinkedHashMap<>();
        Set<String> required = new LinkedHashSet<>();
        String[] additional = new String[1];
        boolean objects = flatten(p, properties, required, additional, 0);
        if (!objects) {
            // allOf of non-objects (constraints stacked on a primitive): the first part's type
            return resolve(p + "/allOf/0", name);
        }
        return record(p, s, name, userNamed, properties, required, additional[0]);
    }

    /** Merges the properties of {@code p} and its allOf parts; false when no part is an object. */
    private boolean flatten(String p, Map<String, String> properties, Set<String> required, String[] additional, int depth) {
        if (depth > 32) {
            throw spec.error(p, "allOf nested more than 32 levels (a cycle?)");
        }
        String at = Schemas.deref(bundle, p);
        JsonNode s = bundle.at(at);
        boolean objects = s.has("properties") || s.has("additionalProperties") || Schemas.types(s).contains("object")
                || s.has("required");
        JsonNode parts = s.path("allOf");
        for (int i = 0; i < parts.size(); i++) {
            objects |= flatten(at + "/allOf/" + i, properties, required, additional, depth + 1);
        }
        s.path("properties").fieldNames().forEachRemaining(k -> properties.put(k, at + "/properties/" + Schemas.escape(k)));
        s.path("required").forEach(r -> required.add(r.asText()));
        if (s.path("additionalProperties").isObject()) {
            additional[0] = at + "/additionalProperties";
        }
        return objects;
    }

    /**
     * The type of a {@code multipart/form-data} body: a record of its own ({@code name}) whose
     * {@code format: binary} properties are {@code FormPart}s (file name, media type, stream), or the
     * schema's usual type when it has no binary property.
     */
    public TypeName multipartBody(String pointer, String name) {
        String at = Schemas.deref(bundle, pointer);
        Map<String, String> properties = new LinkedHashMap<>();
        Set<String> required = new LinkedHashSet<>();
        String[] additional = new String[1];
        flatten(at, properties, required, additional, 0);
        if (properties.values().stream().noneMatch(x -> JavaTypes.binary(bundle, x))) {
            return resolve(pointer, name);
        }
        String own = at + "/x-lumen-multipart";
        TypeName known = byPointer.get(own);
        return known != null ? known : record(own, bundle.at(at), name, false, properties, required, additional[0], true);
    }

    private TypeName record(String p, JsonNode s, String name, boolean userNamed, Map<String, String> properties,
                            Set<String> required, String additionalPointer) {
        return record(p, s, name, userNamed, properties, required, additionalPointer, false);
    }

    private TypeName record(String p, JsonNode s, String name, boolean userNamed, Map<String, String> properties,
                            Set<String> required, String additionalPointer, boolean multipart) {
        ClassName cn = claim(p, name, userNamed);
        byPointer.put(p, cn); // before the properties: a schema may contain itself
        NameTable components = new NameTable();
        List<Model.Property> list = new ArrayList<>();
        for (Map.Entry<String, String> e : properties.entrySet()) {
            String json = e.getKey();
            String java = Names.member(json).isEmpty() ? "property" : Names.member(json);
            String owner = components.claim(java, "property '" + json + "'");
            if (owner != null) {
                // JSON names are case-sensitive ('nullTime' beside 'NullTime', 'foo_bar' beside 'fooBar'): a valid
                // schema, so the later component is numbered; its @JsonProperty keeps the JSON name
                String numbered = components.unique(java, "property '" + json + "'");
                diagnostics.warn("property renamed", e.getValue(), "property '" + json + "' becomes the Java name "
                        + numbered + " because " + java + " is " + owner + " of the same schema");
                java = numbered;
            }
            JsonNode ps = bundle.at(e.getValue());
            TypeName type = !multipart || !JavaTypes.binary(bundle, e.getValue()) ? resolve(e.getValue(), cn.simpleName() + Names.type(json))
                    : Schemas.types(bundle.at(Schemas.deref(bundle, e.getValue()))).contains("array")
                    ? ParameterizedTypeName.get(LIST, FORM_PART) : FORM_PART;
            JsonNode target = bundle.at(Schemas.deref(bundle, e.getValue()));
            list.add(new Model.Property(json, java, type, required.contains(json),
                    Schemas.nullable(ps) || Schemas.nullable(target), Schemas.describe(ps)));
        }
        list.addAll(UndeclaredRequired.properties(p, properties.keySet(), required, components, diagnostics));
        TypeName additional = null;
        if (additionalPointer != null) {
            String java = components.unique("additionalProperties", "additionalProperties");
            additional = resolve(additionalPointer, cn.simpleName() + "Value");
            if (!java.equals("additionalProperties")) {
                throw spec.error(p, "a property named like 'additionalProperties' collides with the map of the other properties");
            }
        }
        models.put(cn, new Model.Record(cn, p, Schemas.describe(s), list, List.of(), additional));
        return cn;
    }

    /** Records the declaration of {@code cn} for the schema at {@code pointer} (an enum's, from {@link EnumTypes}). */
    void declare(String pointer, Model model) {
        byPointer.put(pointer, model.name());
        models.put(model.name(), model);
    }

    /** The type of the schema at {@code pointer}, set before its parts resolve (a schema may contain itself). */
    void bind(String pointer, TypeName type) {
        byPointer.put(pointer, type);
    }

    Model model(ClassName name) {
        return models.get(name);
    }

    void replace(Model model) {
        models.put(model.name(), model);
    }

    void forget(ClassName name) {
        models.remove(name);
    }

    ClassName claim(String pointer, String name, boolean userNamed) {
        ClassName component = componentNames.getOrDefault(pointer, aliases.get(pointer));
        if (component != null) {
            return component;
        }
        String simple = Names.type(name);
        if (simple.isEmpty()) {
            simple = "Schema";
        }
        if (userNamed) {
            return ClassName.get(modelPackage, userClass(simple, pointer, name));
        }
        return ClassName.get(modelPackage, classes.unique(simple, pointer));
    }

    /**
     * {@code simple} for the schema the user named {@code name}, or a numbered variant with a warning when
     * another schema has it: JSON names are case-sensitive (Ory's specs have both {@code nullTime} and
     * {@code NullTime}), so such a spec is valid and must generate.
     */
    private String userClass(String simple, String pointer, String name) {
        String owner = classes.claim(simple, pointer);
        if (owner == null) {
            return simple;
        }
        String numbered = classes.unique(simple, pointer);
        diagnostics.warn("schema class renamed", pointer, "schema '" + name + "' becomes Java class " + numbered
                + " because " + simple + " is the schema at " + owner
                + " (names that differ only in case would collide on case-insensitive file systems)");
        return numbered;
    }
}
