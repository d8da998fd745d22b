package io.lumen.cli.migrate;

import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A config record's keys (its components) and whether a value as written has a type the key can take. */
final class RecordKeys {
    private RecordKeys() {
    }

    static boolean has(Class<? extends Record> record, String key) {
        return component(record, key).isPresent();
    }

    /**
     * Whether {@code value} can bind to {@code key}: a placeholder or text can be anything (the binder
     * converts it or reports it); otherwise a list needs a list, a map a map, a number a number, a
     * switch a boolean, text a scalar.
     */
    static boolean fits(Class<? extends Record> record, String key, Object value) {
        Optional<RecordComponent> c = component(record, key);
        if (c.isEmpty() || value == null || value instanceof String) {
            return true;
        }
        Class<?> type = c.get().getType();
        if (List.class.isAssignableFrom(type)) {
            return value instanceof List<?>;
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord()) {
            return value instanceof Map<?, ?>;
        }
        if (type == Boolean.class || type == boolean.class) {
            return value instanceof Boolean;
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return value instanceof Number;
        }
        if (type == String.class) {
            return !(value instanceof List<?>) && !(value instanceof Map<?, ?>);
        }
        return true;
    }

    private static Optional<RecordComponent> component(Class<? extends Record> record, String key) {
        for (RecordComponent c : record.getRecordComponents()) {
            if (c.getName().equals(key)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
