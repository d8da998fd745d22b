package io.lumen.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * The startup fast path of config binding: turns a well-formed config tree into records by reflection,
 * without building Jackson deserializers (which, per record type and in a cold JVM, cost more than reading
 * the files). It binds only what it can bind exactly as the Jackson mapper of {@link ConfigLoader} would
 * (same values, same collection types); for anything else (an unknown key, a value of another type, a
 * string that Jackson would coerce, a type with Jackson annotations other than one delegating
 * {@code @JsonCreator} factory, a constructor that refuses its values) it throws {@link Unsupported} and the caller binds through Jackson, so every error message
 * and every lenient coercion stays Jackson's. {@code -Dlumen.config.crossCheck=true} (set for the test
 * suites) binds every fast result through Jackson too and fails on any difference.
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

    /** A record type that can be bound here: its components and the canonical constructor. */
    private record Plan(Map<String, Integer> index, Type[] types, Class<?>[] raw, Constructor<?> constructor) {}

    private static final Plan NO_PLAN = new Plan(Map.of(), new Type[0], new Class<?>[0], null);

    private static final ClassValue<Plan> PLANS = new ClassValue<>() {
        @Override
        protected Plan computeValue(Class<?> type) {
            return plan(type);
        }
    };

    /** Types built by a {@code @JsonCreator(mode = DELEGATING) static T of(Object)} factory, their only Jackson annotation. */
    private static final ClassValue<Method> DELEGATING_FACTORIES = new ClassValue<>() {
        @Override
        protected Method computeValue(Class<?> type) {
            return delegatingFactory(type);
        }
    };

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
        Method factory = DELEGATING_FACTORIES.get(c);
        if (factory != null) {
            return fromFactory(factory, value);
        }
        if (c.isRecord()) {
            return bindRecord(value, c);
        }
        if (c.isEnum() && value instanceof String s && !hasJacksonAnnotation(c)) {
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
        Plan plan = PLANS.get(type);
        if (plan == NO_PLAN || !(value instanceof Map<?, ?> map)) {
            throw Unsupported.INSTANCE;
        }
        Object[] args = new Object[plan.types.length];
        boolean[] given = new boolean[args.length];
        for (Map.Entry<?, ?> e : map.entrySet()) {
            Integer i = e.getKey() instanceof String key ? plan.index.get(key) : null;
            if (i == null) {
                throw Unsupported.INSTANCE; // unknown key: Jackson names it and the known ones
            }
            args[i] = bind(e.getValue(), plan.types[i]);
            given[i] = true;
        }
        for (int i = 0; i < args.length; i++) {
            if (!given[i] && plan.raw[i].isPrimitive()) {
                args[i] = absentPrimitive(plan.raw[i]);
            }
        }
        try {
            return plan.constructor.newInstance(args);
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            throw Unsupported.INSTANCE; // the constructor refused: Jackson runs it again and reports its message
        }
    }

    private static Object bindCollection(Object value, Class<?> raw, Type element) {
        if (value == null) {
            return null;
        }
        if (value instanceof String text) {
            value = listFromText(text);
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
            value = mapFromText(text);
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

    /**
     * A list written as text, as {@link LenientContainersModule} reads it: empty, YAML flow ({@code [a, b]}) or
     * comma-separated ({@code a, b}).
     */
    private static Object listFromText(String value) {
        String text = value.trim();
        if (text.isEmpty()) {
            return List.of();
        }
        if (text.startsWith("[") || text.startsWith("{")) {
            return flow(text);
        }
        List<Object> items = new ArrayList<>();
        for (String item : text.split(",")) {
            if (!item.isBlank()) {
                items.add(item.trim());
            }
        }
        return items;
    }

    /** A map written as text: empty or YAML flow ({@code {k: v}}); anything else is Jackson's error to report. */
    private static Object mapFromText(String value) {
        String text = value.trim();
        if (text.isEmpty()) {
            return Map.of();
        }
        if (text.startsWith("[") || text.startsWith("{")) {
            return flow(text);
        }
        throw Unsupported.INSTANCE;
    }

    /** YAML flow text parsed and reduced to the kinds of values {@link LenientContainersModule} passes on. */
    private static Object flow(String text) {
        Object parsed;
        try {
            parsed = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
        } catch (YAMLException e) {
            throw Unsupported.INSTANCE;
        }
        return plain(parsed);
    }

    private static Object plain(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(String.valueOf(k), plain(v)));
            return out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(v -> out.add(plain(v)));
            return out;
        }
        if (value == null || value instanceof Boolean || value instanceof Integer || value instanceof Long
                || value instanceof Double) {
            return value;
        }
        return String.valueOf(value);
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

    private static Method delegatingFactory(Class<?> type) {
        try {
            Method found = null;
            for (Method m : type.getDeclaredMethods()) {
                JsonCreator creator = m.getDeclaredAnnotation(JsonCreator.class);
                if (creator != null) {
                    if (found != null || creator.mode() != JsonCreator.Mode.DELEGATING || !Modifier.isStatic(m.getModifiers())
                            || m.getParameterCount() != 1 || m.getParameterTypes()[0] != Object.class
                            || !type.isAssignableFrom(m.getReturnType()) || m.getDeclaredAnnotations().length != 1) {
                        return null;
                    }
                    found = m;
                }
            }
            if (found == null || jacksonAnnotations(type) != 1) {
                return null;
            }
            found.setAccessible(true);
            return found;
        } catch (RuntimeException | LinkageError e) {
            return null;
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

    private static Plan plan(Class<?> type) {
        try {
            RecordComponent[] components = type.getRecordComponents();
            if (components == null || type.getTypeParameters().length > 0 || hasJacksonAnnotation(type)) {
                return NO_PLAN;
            }
            Class<?>[] raw = new Class<?>[components.length];
            Type[] types = new Type[components.length];
            Map<String, Integer> index = new HashMap<>();
            for (int i = 0; i < components.length; i++) {
                RecordComponent rc = components[i];
                if (anyJackson(rc) || anyJackson(rc.getAccessor())) {
                    return NO_PLAN;
                }
                raw[i] = rc.getType();
                types[i] = rc.getGenericType();
                if (types[i] instanceof ParameterizedType p && hasWildcard(p)) {
                    return NO_PLAN;
                }
                index.put(rc.getName(), i);
            }
            Constructor<?> canonical = type.getDeclaredConstructor(raw);
            canonical.setAccessible(true);
            return new Plan(Map.copyOf(index), types, raw, canonical);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return NO_PLAN; // inaccessible or unusual: Jackson decides
        }
    }

    private static boolean hasWildcard(ParameterizedType p) {
        for (Type arg : p.getActualTypeArguments()) {
            if (arg instanceof WildcardType || (arg instanceof ParameterizedType inner && hasWildcard(inner))) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasJacksonAnnotation(Class<?> type) {
        return jacksonAnnotations(type) > 0;
    }

    /**
     * How many Jackson annotations the type carries anywhere they change binding: the class, its
     * interfaces, fields, constructors, methods and their parameters.
     */
    private static int jacksonAnnotations(Class<?> type) {
        int n = jackson(type);
        for (Class<?> i : type.getInterfaces()) {
            n += jacksonAnnotations(i);
        }
        for (Field f : type.getDeclaredFields()) {
            n += jackson(f);
        }
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            n += jackson(c) + parameterJackson(c);
        }
        for (Method m : type.getDeclaredMethods()) {
            n += jackson(m) + parameterJackson(m);
        }
        return n;
    }

    private static int parameterJackson(Executable e) {
        int n = 0;
        for (Parameter p : e.getParameters()) {
            n += jackson(p);
        }
        return n;
    }

    private static boolean anyJackson(AnnotatedElement element) {
        return jackson(element) > 0;
    }

    private static int jackson(AnnotatedElement element) {
        int n = 0;
        for (Annotation a : element.getDeclaredAnnotations()) {
            if (a.annotationType().getName().startsWith("com.fasterxml.jackson.")) {
                n++;
            }
        }
        return n;
    }
}
