package io.lumen.config;

import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * The startup fast path of config binding: turns a well-formed config tree into records by reflection,
 * without building Jackson deserializers (which, per record type and in a cold JVM, cost more than reading
 * the files). It binds only what it can bind exactly as the Jackson mapper of {@link ConfigLoader} would
 * (same values, same collection types); for anything else (an unknown key, a value of another type, a
 * string that Jackson would coerce, a type with Jackson annotations other than one delegating
 * {@code @JsonCreator} factory, a constructor that refuses its values) it throws {@link Unsupported} and
 * the caller binds through Jackson, so every error message and every lenient coercion stays Jackson's.
 * {@code -Dlumen.config.crossCheck=true} (set for the test suites) binds every fast result through
 * Jackson too and fails on any difference. Which types qualify: {@link BindingPlans}; lists and maps
 * written as text: {@link TextContainers}.
 */
final class RecordBinder {
    /** "Not mine": the caller binds through Jackson. Stackless: it is control flow, not an error. */
    static final class Unsupported extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final Unsupported INSTANCE = new Unsupported();

        private Unsupported() {
            super("bind through Jackson", null, false, false);
        }
    }

    private RecordBinder() {}

    /** Binds a config tree value (maps, lists, scalars as the YAML reader made them) to a type, or throws Unsupported. */
    static Object bind(Object value, Type type) {
        if (type instanceof Class<?> c) {
            return bindClass(value, c);
        }
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
            Type[] args = p.getActualTypeArguments();
            if (Collection.class.isAssignableFrom(raw) && args.length == 1) {
                return bindCollection(value, raw, args[0]);
            }
            if (Map.class.isAssignableFrom(raw) && args.length == 2 && args[0] == String.class) {
                return bindMap(value, raw, args[1]);
            }
        }
        throw Unsupported.INSTANCE;
    }

    private static Object bindClass(Object value, Class<?> c) {
        if (c.isPrimitive()) {
            if (value == null) {
                throw Unsupported.INSTANCE; // Jackson reports "expected ... but got null"
            }
            return scalar(value, c);
        }
        if (value == null) {
            return null;
        }
        if (c == String.class) {
            return scalar(value, c);
        }
        if (c == Integer.class || c == Long.class || c == Double.class || c == Boolean.class) {
            // an empty default (${key:}) leaves an empty string: Jackson's coercion makes it null
            return "".equals(value) ? null : scalar(value, c);
        }
        Method factory = BindingPlans.delegatingFactory(c);
        if (factory != null) {
            return fromFactory(factory, value);
        }
        if (c.isRecord()) {
            return bindRecord(value, c);
        }
        if (c.isEnum() && value instanceof String s && !BindingPlans.hasJacksonAnnotation(c)) {
            for (Object constant : c.getEnumConstants()) {
                if (((Enum<?>) constant).name().equals(s)) {
                    return constant;
                }
            }
        }
        if (c == Object.class) {
            return untyped(value);
        }
        throw Unsupported.INSTANCE;
    }

    /** Exact kinds, and booleans and integers as text; other coercions ("8080" to a number, 2.5 to text) are Jackson's. */
    private static Object scalar(Object value, Class<?> c) {
        if (c == String.class) {
            if (value instanceof String) {
                return value;
            }
            if (value instanceof Boolean || value instanceof Integer || value instanceof Long) {
                return value.toString(); // validateResponse: false, serviceId: 1234: Jackson takes the text
            }
        } else if (c == Integer.class || c == int.class) {
            if (value instanceof Integer) {
                return value;
            }
        } else if (c == Long.class || c == long.class) {
            if (value instanceof Integer || value instanceof Long) {
                return ((Number) value).longValue();
            }
        } else if (c == Double.class || c == double.class) {
            if (value instanceof Double || value instanceof Integer || value instanceof Long) {
                return ((Number) value).doubleValue();
            }
        } else if (c == Boolean.class || c == boolean.class) {
            if (value instanceof Boolean) {
                return value;
            }
        }
        throw Unsupported.INSTANCE;
    }

    private static Object bindRecord(Object value, Class<?> type) {
        BindingPlans.RecordPlan plan = BindingPlans.recordPlan(type);
        if (plan == null || !(value instanceof Map<?, ?> map)) {
            throw Unsupported.INSTANCE;
        }
        Object[] args = new Object[plan.types().length];
        boolean[] given = new boolean[args.length];
        for (Map.Entry<?, ?> e : map.entrySet()) {
            Integer i = e.getKey() instanceof String key ? plan.index().get(key) : null;
            if (i == null) {
                throw Unsupported.INSTANCE; // unknown key: Jackson names it and the known ones
            }
            args[i] = bind(e.getValue(), plan.types()[i]);
            given[i] = true;
        }
        for (int i = 0; i < args.length; i++) {
            if (!given[i] && plan.raw()[i].isPrimitive()) {
                args[i] = absentPrimitive(plan.raw()[i]);
            }
        }
        try {
            return plan.constructor().newInstance(args);
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            throw Unsupported.INSTANCE; // the constructor refused: Jackson runs it again and reports its message
        }
    }

    private static Object bindCollection(Object value, Class<?> raw, Type element) {
        if (value == null) {
            return null;
        }
        if (value instanceof String text) {
            value = fromText(text, true);
        }
        if (!(value instanceof List<?> list)) {
            throw Unsupported.INSTANCE;
        }
        Collection<Object> out;
        if (raw == List.class || raw == Collection.class || raw == ArrayList.class || raw == Iterable.class) {
            out = new ArrayList<>(list.size());
        } else if (raw == Set.class || raw == HashSet.class) {
            out = new HashSet<>();
        } else if (raw == LinkedHashSet.class) {
            out = new LinkedHashSet<>();
        } else if (raw == SortedSet.class || raw == TreeSet.class) {
            out = new TreeSet<>();
        } else {
            throw Unsupported.INSTANCE;
        }
        for (Object item : list) {
            Object bound = bind(item, element);
            if (bound == null && out instanceof TreeSet) {
                throw Unsupported.INSTANCE;
            }
            out.add(bound);
        }
        return out;
    }

    private static Object bindMap(Object value, Class<?> raw, Type valueType) {
        if (value == null) {
            return null;
        }
        if (value instanceof String text) {
            value = fromText(text, false);
        }
        if (!(value instanceof Map<?, ?> map) || (raw != Map.class && raw != LinkedHashMap.class)) {
            throw Unsupported.INSTANCE;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (!(e.getKey() instanceof String key)) {
                throw Unsupported.INSTANCE;
            }
            out.put(key, bind(e.getValue(), valueType));
        }
        return out;
    }

    /** A list or map written as text; broken flow text and text that is no map are Jackson's to report. */
    private static Object fromText(String text, boolean list) {
        Object read;
        try {
            read = list ? TextContainers.list(text) : TextContainers.map(text);
        } catch (YAMLException e) {
            throw Unsupported.INSTANCE;
        }
        if (read == null) {
            throw Unsupported.INSTANCE;
        }
        return read;
    }

    /** What Jackson gives for {@code Object}: mutable maps and lists with text keys, scalars as they are. */
    private static Object untyped(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!(e.getKey() instanceof String key)) {
                    throw Unsupported.INSTANCE;
                }
                out.put(key, untyped(e.getValue()));
            }
            return out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            for (Object item : list) {
                out.add(untyped(item));
            }
            return out;
        }
        if (value == null || value instanceof String || value instanceof Boolean || value instanceof Integer
                || value instanceof Long || value instanceof BigInteger || value instanceof Double) {
            return value;
        }
        throw Unsupported.INSTANCE;
    }

    /** Jackson hands a delegating factory the value as it would bind it to {@code Object}. */
    private static Object fromFactory(Method factory, Object value) {
        try {
            return factory.invoke(null, untyped(value));
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            throw Unsupported.INSTANCE; // the factory refused: Jackson runs it again and reports its message
        }
    }

    private static Object absentPrimitive(Class<?> c) {
        if (c == boolean.class) {
            return false;
        }
        if (c == long.class) {
            return 0L;
        }
        if (c == double.class) {
            return 0d;
        }
        if (c == int.class) {
            return 0;
        }
        throw Unsupported.INSTANCE; // float, short, byte, char: rare enough to leave to Jackson
    }

}
