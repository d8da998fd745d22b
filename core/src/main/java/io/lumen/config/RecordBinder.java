package io.lumen.config;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
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
 * Config binding: turns a config tree (maps, lists and scalars as the YAML reader made them) into a
 * record by reflection, by one set of rules, and names every problem it meets, not just the first.
 * Records are bound key by key (unknown keys are problems; an absent primitive gets its default so the
 * record's constructor can apply its own); scalars by {@link Scalars}; lists, sets and maps also from
 * light-4j's text forms ({@link TextContainers}); {@code Object} takes the tree value as it is; a type
 * with a delegating {@code @JsonCreator} factory gets the value from its factory ({@link BindingPlans}).
 * A constructor or factory that refuses its values is a problem with its message. Used once per bind;
 * not thread-safe.
 */
final class RecordBinder {
    /** One problem: where (a JSON pointer into the bound tree), what, and the exception behind it if any. */
    record Problem(String pointer, String message, Throwable cause) {}

    /** The bound value, or the problems that kept it from being bound. */
    record Bound(Object value, List<Problem> problems) {}

    /** Stands for a value that could not be bound; its problem is already recorded. */
    private static final Object FAILED = new Object();

    private final List<Problem> problems = new ArrayList<>();

    private RecordBinder() {}

    /** Binds {@code value} to {@code type}; problems name their place below {@code basePointer}. */
    static Bound bind(Object value, Type type, String basePointer) {
        RecordBinder binder = new RecordBinder();
        Object bound = binder.value(value, type, basePointer);
        return new Bound(bound == FAILED ? null : bound, List.copyOf(binder.problems));
    }

    private Object value(Object value, Type type, String at) {
        if (type instanceof Class<?> c) {
            return ofClass(value, c, at);
        }
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
            Type[] args = p.getActualTypeArguments();
            if (Collection.class.isAssignableFrom(raw) && args.length == 1) {
                return collection(value, raw, args[0], at);
            }
            if (Map.class.isAssignableFrom(raw) && args.length == 2 && args[0] == String.class) {
                return map(value, raw, args[1], at);
            }
        }
        return unsupported(type, at);
    }

    private Object ofClass(Object value, Class<?> c, String at) {
        if (c == Object.class) {
            return untyped(value);
        }
        if (Scalars.covers(c)) {
            try {
                return Scalars.convert(value, c);
            } catch (Scalars.Mismatch m) {
                return mismatch(c, value, at);
            }
        }
        if (Collection.class.isAssignableFrom(c)) {
            return collection(value, c, Object.class, at);
        }
        if (Map.class.isAssignableFrom(c)) {
            return map(value, c, Object.class, at);
        }
        Method factory = BindingPlans.delegatingFactory(c);
        if (value == null) {
            return null;
        }
        if (factory != null) {
            return fromFactory(factory, value, at);
        }
        if (c.isRecord()) {
            return record(value, c, at);
        }
        return unsupported(c, at);
    }

    private Object record(Object value, Class<?> type, String at) {
        BindingPlans.RecordPlan plan = BindingPlans.recordPlan(type);
        if (plan.refusal() != null) {
            return problem(at, plan.refusal(), null);
        }
        if ("".equals(value)) {
            return null; // an empty ${key:} default: not set
        }
        if (!(value instanceof Map<?, ?> map)) {
            return mismatch(type, value, at);
        }
        Object[] args = new Object[plan.types().length];
        boolean[] given = new boolean[args.length];
        boolean complete = true;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String key = String.valueOf(e.getKey());
            Integer i = plan.index().get(key);
            if (i == null) {
                problem(JsonPointers.child(at, key), "unknown key '" + key + "'"
                        + (plan.known().isEmpty() ? "" : " (known keys: " + plan.known() + ")"), null);
                continue; // the rest of the record still binds, so its constructor can name its own problems
            }
            args[i] = value(e.getValue(), plan.types()[i], JsonPointers.child(at, key));
            given[i] = true;
            complete &= args[i] != FAILED;
        }
        if (!complete) {
            return FAILED;
        }
        for (int i = 0; i < args.length; i++) {
            if (!given[i] && plan.raw()[i].isPrimitive()) {
                args[i] = Scalars.absent(plan.raw()[i]);
            }
        }
        try {
            return plan.constructor().newInstance(args);
        } catch (InvocationTargetException e) {
            return refusedBy(e.getCause(), at);
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            return problem(at, "cannot construct " + type.getName() + ": " + e, e);
        }
    }

    private Object collection(Object value, Class<?> raw, Type element, String at) {
        if (value == null) {
            return null;
        }
        Object items = value instanceof String text ? fromText(text, true) : value;
        if (!(items instanceof List<?> list)) {
            return mismatch(raw, value instanceof String s ? s.trim() : value, at);
        }
        Collection<Object> out = newCollection(raw);
        if (out == null) {
            return unsupported(raw, at);
        }
        boolean complete = true;
        for (int i = 0; i < list.size(); i++) {
            Object bound = value(list.get(i), element, JsonPointers.child(at, i));
            if (bound == null && out instanceof TreeSet) {
                bound = problem(JsonPointers.child(at, i), "a sorted set cannot hold null", null);
            }
            if (bound == FAILED) {
                complete = false;
            } else {
                out.add(bound);
            }
        }
        return complete ? out : FAILED;
    }

    private static Collection<Object> newCollection(Class<?> raw) {
        if (raw == List.class || raw == Collection.class || raw == ArrayList.class || raw == Iterable.class) {
            return new ArrayList<>();
        }
        if (raw == Set.class || raw == HashSet.class) {
            return new HashSet<>();
        }
        if (raw == LinkedHashSet.class) {
            return new LinkedHashSet<>();
        }
        if (raw == SortedSet.class || raw == TreeSet.class) {
            return new TreeSet<>();
        }
        return null;
    }

    private Object map(Object value, Class<?> raw, Type valueType, String at) {
        if (value == null) {
            return null;
        }
        if (raw != Map.class && raw != LinkedHashMap.class) {
            return unsupported(raw, at);
        }
        Object entries = value instanceof String text ? fromText(text, false) : value;
        if (!(entries instanceof Map<?, ?> map)) {
            return mismatch(raw, value instanceof String s ? s.trim() : value, at);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        boolean complete = true;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String key = String.valueOf(e.getKey());
            Object bound = value(e.getValue(), valueType, JsonPointers.child(at, key));
            complete &= bound != FAILED;
            out.put(key, bound);
        }
        return complete ? out : FAILED;
    }

    /** A list or map written as text; broken flow text, or text that is no map, is left as the text. */
    private static Object fromText(String text, boolean list) {
        try {
            Object read = list ? TextContainers.list(text) : TextContainers.map(text);
            return read == null ? text : read;
        } catch (YAMLException e) {
            return text;
        }
    }

    /** The tree value as it is, maps with text keys: what an {@code Object} field or a factory gets. */
    private static Object untyped(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(String.valueOf(k), untyped(v)));
            return out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(item -> out.add(untyped(item)));
            return out;
        }
        return value;
    }

    private Object fromFactory(Method factory, Object value, String at) {
        try {
            return factory.invoke(null, untyped(value));
        } catch (InvocationTargetException e) {
            return refusedBy(e.getCause(), at);
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            return problem(at, "cannot call " + factory + ": " + e, e);
        }
    }

    /** A constructor or factory refused the values: its message is the problem. */
    private Object refusedBy(Throwable refusal, String at) {
        Throwable t = refusal;
        while (t != null && t.getMessage() == null && t.getCause() != null) {
            t = t.getCause();
        }
        return problem(at, t != null && t.getMessage() != null ? t.getMessage() : "invalid value (" + refusal + ")", refusal);
    }

    private Object mismatch(Class<?> type, Object value, String at) {
        return problem(at, "expected " + Scalars.expected(type) + " but got " + Scalars.describe(value), null);
    }

    private Object unsupported(Type type, String at) {
        return problem(at, "cannot bind to " + type.getTypeName() + ": config values are records, strings, numbers,"
                + " booleans, enums, lists, sets, maps with text keys, or Object", null);
    }

    private Object problem(String pointer, String message, Throwable cause) {
        problems.add(new Problem(pointer, message, cause));
        return FAILED;
    }
}
