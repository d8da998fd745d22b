package io.lumen.cli.schema;

import io.lumen.config.Light4jKeys;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON Schema (2020-12) of a config file, derived from its record the way the binder reads it:
 * one property per component, nothing else allowed (unknown keys fail startup), nested records as
 * objects, lists also as one comma-separated or JSON string (as values.yml and environment
 * variables give them), and every value also as a {@code ${...}} placeholder, which startup fills
 * in before binding.
 */
final class ConfigSchemas {
    static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";
    private static final Map<String, Object> PLACEHOLDER = obj("type", "string", "pattern", "\\$\\{[^}]+\\}");

    private final RecordDocs docs;

    ConfigSchemas(RecordDocs docs) {
        this.docs = docs;
    }

    /** The schema of {@code <name>.yml}. */
    Map<String, Object> of(String name, Class<? extends Record> record) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("$schema", DIALECT);
        schema.put("$id", "lumen:config/" + name + ".schema.json");
        schema.put("title", name + ".yml");
        schema.putAll(object(record));
        // light-4j keys startup accepts with a warning: an editor shows them as deprecated, not as errors
        @SuppressWarnings("unchecked")
        Map<String, Object> properties = (Map<String, Object>) schema.get("properties");
        Light4jKeys.ofFile(name).forEach((key, reason) -> {
            if (!key.contains(".") && !properties.containsKey(key)) {
                properties.put(key, obj("description", "light-4j key with no effect in Lumen: " + reason, "deprecated", true));
            }
        });
        return schema;
    }

    private Map<String, Object> object(Class<?> record) {
        RecordDocs.Doc doc = docs.of(record);
        Map<String, Object> schema = new LinkedHashMap<>();
        if (!doc.summary().isEmpty()) {
            schema.put("description", doc.summary());
        }
        schema.put("type", "object");
        Map<String, Object> properties = new LinkedHashMap<>();
        for (RecordComponent c : record.getRecordComponents()) {
            Map<String, Object> property = new LinkedHashMap<>();
            String description = doc.params().get(c.getName());
            if (description != null) {
                property.put("description", description);
            }
            property.putAll(orPlaceholder(type(c.getGenericType())));
            properties.put(c.getName(), property);
        }
        schema.put("properties", properties);
        schema.put("additionalProperties", false);
        return schema;
    }

    private Map<String, Object> type(Type type) {
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
            if (List.class.isAssignableFrom(raw)) {
                Map<String, Object> array = obj("type", "array", "items", orPlaceholder(type(p.getActualTypeArguments()[0])));
                return obj("anyOf", List.of(array, obj("type", "string")));
            }
            if (Map.class.isAssignableFrom(raw)) {
                return obj("type", "object", "additionalProperties", orPlaceholder(type(p.getActualTypeArguments()[1])));
            }
            return type(raw);
        }
        if (!(type instanceof Class<?> c)) {
            return obj();
        }
        if (c == String.class) {
            return obj("type", "string");
        }
        if (c == Boolean.class || c == boolean.class) {
            return obj("type", "boolean");
        }
        if (c == Integer.class || c == int.class || c == Long.class || c == long.class || c == Short.class) {
            return obj("type", "integer");
        }
        if (Number.class.isAssignableFrom(c) || c == double.class || c == float.class) {
            return obj("type", "number");
        }
        if (c.isEnum()) {
            List<String> names = new ArrayList<>();
            for (Object constant : c.getEnumConstants()) {
                names.add(((Enum<?>) constant).name());
            }
            return obj("enum", names);
        }
        if (c.isRecord()) {
            return object(c);
        }
        if (List.class.isAssignableFrom(c)) {
            return obj("anyOf", List.of(obj("type", "array"), obj("type", "string")));
        }
        if (Map.class.isAssignableFrom(c)) {
            return obj("type", "object");
        }
        return obj(); // Object: any value (e.g. a certificate given as a string or a map)
    }

    /** A map in the order given, so that the schema files come out the same every build. */
    static Map<String, Object> obj(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    /** {@code schema}, or a placeholder string that startup resolves before binding. */
    private static Map<String, Object> orPlaceholder(Map<String, Object> schema) {
        if (schema.isEmpty() || acceptsAnyString(schema)) {
            return schema; // a placeholder is a string already
        }
        return obj("anyOf", List.of(schema, PLACEHOLDER));
    }

    private static boolean acceptsAnyString(Map<String, Object> schema) {
        if ("string".equals(schema.get("type")) && !schema.containsKey("pattern")) {
            return true;
        }
        return schema.get("anyOf") instanceof List<?> options
                && options.stream().anyMatch(o -> o instanceof Map<?, ?> m && m.size() == 1 && "string".equals(m.get("type")));
    }
}
