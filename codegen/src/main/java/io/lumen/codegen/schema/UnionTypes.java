package io.lumen.codegen.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.lumen.codegen.diagnostics.Diagnostics;
import io.lumen.openapi.OpenApiSpec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code oneOf}/{@code anyOf} schemas: with a discriminator whose variants are object records, a sealed
 * interface with one record per variant, each accepting the schema name and the values the variant pins
 * ({@link DiscriminatorValues}); otherwise {@code JsonNode} (warned). Remembers which interfaces each
 * record implements (a record may be a variant of several unions).
 */
final class UnionTypes {
    private static final TypeName STRING = ClassName.get(String.class);

    private final TypeMapper owner;
    private final OpenApiSpec spec;
    private final JsonNode bundle;
    private final Diagnostics diagnostics;
    private final DiscriminatorValues discriminatorValues;
    private final Map<ClassName, Set<ClassName>> interfaces = new HashMap<>();

    UnionTypes(TypeMapper owner, OpenApiSpec spec, Diagnostics diagnostics) {
        this.owner = owner;
        this.spec = spec;
        this.bundle = spec.bundle();
        this.diagnostics = diagnostics;
        this.discriminatorValues = new DiscriminatorValues(bundle);
    }

    /** The sealed interfaces the record {@code name} implements, sorted; empty when none. */
    List<ClassName> interfacesOf(ClassName name) {
        Set<ClassName> of = interfaces.get(name);
        return of == null ? List.of() : of.stream().sorted(Comparator.comparing(ClassName::canonicalName)).toList();
    }

    TypeName map(String p, JsonNode s, String name, boolean userNamed) {
        String key = s.has("oneOf") ? "oneOf" : "anyOf";
        JsonNode all = s.get(key);
        List<String> variants = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (!Schemas.isNullOnly(all.get(i))) {
                variants.add(p + "/" + key + "/" + i);
            }
        }
        if (variants.isEmpty()) {
            return TypeMapper.JSON_NODE;
        }
        if (variants.size() == 1 && !s.has("properties")) {
            return owner.resolve(variants.get(0), name);
        }
        String property = s.path("discriminator").path("propertyName").asText("");
        if (property.isEmpty()) {
            diagnostics.warn("oneOf/anyOf without a discriminator, typed as JsonNode", p, key + " without a discriminator: typed as JsonNode (add discriminator.propertyName "
                    + "to get a sealed interface with one record per variant)");
            return TypeMapper.JSON_NODE;
        }
        for (String v : variants) {
            JsonNode vs = bundle.at(Schemas.deref(bundle, v));
            if (!isObjectSchema(vs) || !discriminatorValues.declares(Schemas.deref(bundle, v), property)) {
                diagnostics.warn("discriminated oneOf/anyOf typed as JsonNode", p, key + " variant " + v + " is not an object schema with the discriminator property '"
                        + property + "': typed as JsonNode");
                return TypeMapper.JSON_NODE;
            }
        }
        ClassName iface = owner.claim(p, name, userNamed);
        owner.bind(p, iface);
        Map<String, String> explicit = discriminatorValues.mapping(spec, p, s);
        Map<ClassName, List<String>> byClass = new LinkedHashMap<>();
        Map<String, ClassName> selects = new HashMap<>();
        for (int i = 0; i < variants.size(); i++) {
            String v = variants.get(i);
            TypeName t = owner.resolve(v, name + (i + 1));
            if (!(t instanceof ClassName cn) || !(owner.model(cn) instanceof Model.Record)) {
                diagnostics.warn("discriminated oneOf/anyOf typed as JsonNode", p, key + " variant " + v + " is not a record: typed as JsonNode");
                owner.forget(iface);
                owner.bind(p, TypeMapper.JSON_NODE);
                return TypeMapper.JSON_NODE;
            }
            discriminatorValues.warnContradiction(diagnostics, p, v, cn.simpleName(), property, explicit);
            List<String> values = new ArrayList<>();
            for (String value : discriminatorValues.of(v, cn.simpleName(), property, explicit)) {
                ClassName other = selects.putIfAbsent(value, cn);
                if (other == null) {
                    values.add(value);
                } else if (!other.equals(cn)) {
                    diagnostics.warn("ambiguous discriminator value", p + "/discriminator", "discriminator value '" + value + "' selects both "
                            + other.simpleName() + " and " + cn.simpleName() + ": it is read as " + other.simpleName());
                }
            }
            byClass.computeIfAbsent(cn, k -> new ArrayList<>()).addAll(values);
        }
        byClass.keySet().forEach(cn -> {
            interfaces.computeIfAbsent(cn, k -> new LinkedHashSet<>()).add(iface);
            // it holds any value that selects it (the schema name or one it pins): an enum would refuse the name
            owner.replace(((Model.Record) owner.model(cn)).withType(property, STRING));
        });
        owner.replace(new Model.Union(iface, p, Schemas.describe(s), property, byClass));
        return iface;
    }

    private boolean isObjectSchema(JsonNode s) {
        return s.has("properties") || s.has("allOf") || Schemas.types(s).contains("object") && !s.has("oneOf");
    }
}
