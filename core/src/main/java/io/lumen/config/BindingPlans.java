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
import java.util.HashMap;
import java.util.Map;

/**
 * What {@link RecordBinder} may bind, decided once per type by reflection and cached: a record's
 * components and canonical constructor, a type's delegating {@code @JsonCreator} factory, and whether
 * Jackson annotations would make Jackson bind a type differently.
 */
final class BindingPlans {
    /** A record type that can be bound by reflection: its components and the canonical constructor. */
    record RecordPlan(Map<String, Integer> index, Type[] types, Class<?>[] raw, Constructor<?> constructor) {}

    private static final RecordPlan NO_PLAN = new RecordPlan(Map.of(), new Type[0], new Class<?>[0], null);

    private static final ClassValue<RecordPlan> PLANS = new ClassValue<>() {
        @Override
        protected RecordPlan computeValue(Class<?> type) {
            return plan(type);
        }
    };

    /** Types built by a {@code @JsonCreator(mode = DELEGATING) static T of(Object)} factory, their only Jackson annotation. */
    private static final ClassValue<Method> DELEGATING_FACTORIES = new ClassValue<>() {
        @Override
        protected Method computeValue(Class<?> type) {
            return findDelegatingFactory(type);
        }
    };

    private BindingPlans() {}

    /** The record's plan, or null when the record is not one to bind by reflection. */
    static RecordPlan recordPlan(Class<?> type) {
        RecordPlan plan = PLANS.get(type);
        return plan == NO_PLAN ? null : plan;
    }

    /** The type's {@code @JsonCreator(mode = DELEGATING) static T of(Object)}, its only Jackson annotation; or null. */
    static Method delegatingFactory(Class<?> type) {
        return DELEGATING_FACTORIES.get(type);
    }

    private static Method findDelegatingFactory(Class<?> type) {
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

    private static RecordPlan plan(Class<?> type) {
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
            return new RecordPlan(Map.copyOf(index), types, raw, canonical);
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

    static boolean hasJacksonAnnotation(Class<?> type) {
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
