package io.lumen.config;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonCreator;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * How {@link RecordBinder} binds a type, decided once per type by reflection and cached: a record's
 * keys (component names and their {@code @JsonAlias} names), component types and canonical
 * constructor; a type's delegating {@code @JsonCreator} factory. Those two annotations are the only
 * Jackson annotations config binding understands; a config type carrying another one is refused
 * (with a plan that says so) rather than bound as if the annotation were not there.
 */
final class BindingPlans {
    /**
     * A record type: its components by key, their types, the canonical constructor, the known keys as a
     * problem lists them; {@code refusal} is non-null when the record cannot be a config type.
     */
    record RecordPlan(Map<String, Integer> index, Type[] types, Class<?>[] raw, Constructor<?> constructor,
                      String known, String refusal) {}

    private static final ClassValue<RecordPlan> PLANS = new ClassValue<>() {
        @Override
        protected RecordPlan computeValue(Class<?> type) {
            return plan(type);
        }
    };

    /** Types built by a {@code @JsonCreator(mode = DELEGATING) static T of(Object)} factory. */
    private static final ClassValue<Method> DELEGATING_FACTORIES = new ClassValue<>() {
        @Override
        protected Method computeValue(Class<?> type) {
            return findDelegatingFactory(type);
        }
    };

    private BindingPlans() {}

    /** The record's plan. */
    static RecordPlan recordPlan(Class<?> type) {
        return PLANS.get(type);
    }

    /** The type's {@code @JsonCreator(mode = DELEGATING) static T of(Object)}, its only Jackson annotation; or null. */
    static Method delegatingFactory(Class<?> type) {
        return DELEGATING_FACTORIES.get(type);
    }

    private static Method findDelegatingFactory(Class<?> type) {
        Method found = null;
        for (Method m : type.getDeclaredMethods()) {
            JsonCreator creator = m.getDeclaredAnnotation(JsonCreator.class);
            if (creator != null) {
                if (found != null || creator.mode() != JsonCreator.Mode.DELEGATING || !Modifier.isStatic(m.getModifiers())
                        || m.getParameterCount() != 1 || m.getParameterTypes()[0] != Object.class
                        || !type.isAssignableFrom(m.getReturnType()) || m.getDeclaredAnnotations().length != 1) {
                    return null; // not the one shape understood: the record plan refuses the type
                }
                found = m;
            }
        }
        if (found == null || jacksonAnnotations(type) != 1) {
            return null;
        }
        found.setAccessible(true);
        return found;
    }

    private static RecordPlan plan(Class<?> type) {
        RecordComponent[] components = type.getRecordComponents();
        if (type.getTypeParameters().length > 0) {
            return refused(type.getName() + " has type parameters, which config binding cannot resolve");
        }
        Class<?>[] raw = new Class<?>[components.length];
        Type[] types = new Type[components.length];
        Map<String, Integer> index = new HashMap<>();
        TreeSet<String> known = new TreeSet<>();
        for (int i = 0; i < components.length; i++) {
            RecordComponent rc = components[i];
            raw[i] = rc.getType();
            types[i] = rc.getGenericType();
            index.put(rc.getName(), i);
            known.add(rc.getName());
            for (String name : aliases(type, rc)) {
                index.putIfAbsent(name, i);
            }
        }
        if (jacksonAnnotations(type) != 0) {
            return refused(type.getName() + " carries Jackson annotations config binding does not understand"
                    + " (it understands @JsonAlias on a component and a @JsonCreator(mode = DELEGATING) static factory)");
        }
        try {
            Constructor<?> canonical = type.getDeclaredConstructor(raw);
            canonical.setAccessible(true);
            return new RecordPlan(Map.copyOf(index), types, raw, canonical, String.join(", ", known), null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return refused(type.getName() + "'s constructor cannot be called: " + e);
        }
    }

    /** The component's {@code @JsonAlias} names; Java puts the annotation on the field, the accessor and the parameter. */
    private static String[] aliases(Class<?> type, RecordComponent rc) {
        JsonAlias alias = rc.getAccessor().getDeclaredAnnotation(JsonAlias.class);
        if (alias == null) {
            try {
                alias = type.getDeclaredField(rc.getName()).getDeclaredAnnotation(JsonAlias.class);
            } catch (NoSuchFieldException e) {
                alias = null;
            }
        }
        return alias == null ? new String[0] : alias.value();
    }

    private static RecordPlan refused(String why) {
        return new RecordPlan(Map.of(), new Type[0], new Class<?>[0], null, "", why);
    }

    /**
     * How many Jackson annotations other than {@code @JsonAlias} the type carries anywhere they would
     * change binding: the class, its interfaces, fields, constructors, methods and their parameters.
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

    private static int jackson(AnnotatedElement element) {
        int n = 0;
        for (Annotation a : element.getDeclaredAnnotations()) {
            if (a.annotationType().getName().startsWith("com.fasterxml.jackson.") && !(a instanceof JsonAlias)) {
                n++;
            }
        }
        return n;
    }
}
