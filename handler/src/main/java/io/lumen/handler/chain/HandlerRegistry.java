package io.lumen.handler.chain;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigProblems;
import io.lumen.handler.Middleware;
import io.lumen.handler.light4j.Light4jHandlers;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The handler objects of handler.yml, by name. Each {@code handlers} entry ({@code FQCN@alias} or
 * {@code FQCN}) and each built-in short name is resolved once: first through the
 * {@link HandlerFactory} (an embedding application's objects), else instantiated with a public
 * {@code (ServiceContext)} constructor if it has one, else its public no-arg constructor. Built-in
 * short names, and names only the factory knows, are resolved on first use.
 */
final class HandlerRegistry {
    private static final Logger LOG = LoggerFactory.getLogger(HandlerRegistry.class);
    /** Stands for a handler that failed to start: its problem is reported once, where it is declared. */
    static final Object FAILED = new Object() {
        @Override
        public String toString() {
            return "(failed)";
        }
    };

    private final ConfigFile file;
    private final ServiceContext context;
    private final ClassLoader classLoader;
    private final Builtins builtins;
    private final HandlerFactory factory;
    private final Map<String, Object> byName = new LinkedHashMap<>();
    private final Map<String, String> pointerByName = new LinkedHashMap<>();
    private final Map<String, String> classByName = new LinkedHashMap<>();
    private final Map<String, Object> byBuiltinClass = new LinkedHashMap<>();
    private final Map<String, String> pendingLight4j = new LinkedHashMap<>();
    private final Light4jCarryOver light4j;

    private final ConfigProblems problems;

    HandlerRegistry(ConfigFile file, ServiceContext context, ClassLoader classLoader, Builtins builtins,
                    HandlerFactory factory, ConfigProblems problems) {
        this.problems = problems;
        this.file = file;
        this.context = context;
        this.classLoader = classLoader;
        this.builtins = builtins;
        this.factory = factory;
        this.light4j = new Light4jCarryOver(file, context, builtins);
    }

    /** Resolves the entries of one list ({@code handlers} or {@code additionalHandlers}). */
    void declare(List<String> entries, String listPointer) {
        for (int i = 0; i < entries.size(); i++) {
            String pointer = listPointer + "/" + i;
            String entry = entries.get(i) == null ? "" : entries.get(i).trim();
            int at = entry.indexOf('@');
            String className = at < 0 ? entry : entry.substring(0, at).trim();
            String name = at < 0 ? entry : entry.substring(at + 1).trim();
            if (className.isEmpty() || name.isEmpty()) {
                problems.add(file.error(pointer, "a handler entry is 'com.example.MyHandler@alias' or 'com.example.MyHandler', got '" + entry + "'"));
                continue;
            }
            if (pointerByName.containsKey(name)) {
                String first = pointerByName.get(name);
                if (className.equals(classByName.get(name))) {
                    // light-4j keeps the last of the two; the same class twice is one handler
                    LOG.warn("{}: handler '{}' ({}) is declared twice; one handler is made", file.where(pointer), name, className);
                } else {
                    problems.add(file.error(pointer, "handler name '" + name + "' is declared twice, first as "
                            + classByName.get(name) + " (" + file.where(first) + ")"));
                }
                continue;
            }
            classByName.put(name, className);
            pointerByName.put(name, pointer);
            if (Light4jHandlers.find(className).isPresent()) {
                // light-4j folders declare more than their chains use (security commented out of the chain,
                // with its keys in a jar Lumen has not got): such a class starts when a route uses it
                pendingLight4j.put(name, className);
                continue;
            }
            byName.put(name, resolveOrFail(name, className, pointer));
        }
    }

    /** Where {@code name} is declared (a JSON pointer), or null. */
    String pointerOf(String name) {
        return pointerByName.get(name);
    }

    /** The light-4j classes declared that no route used: never started; for one line at startup. */
    Map<String, String> unusedLight4j() {
        return pendingLight4j;
    }

    private Object resolveOrFail(String name, String className, String pointer) {
        try {
            return resolve(name, className, pointer);
        } catch (ConfigException e) {
            problems.add(e);
            return FAILED; // reported once here; routes naming it are not reported again
        }
    }

    /**
     * The handler called {@code name}: declared, else a built-in or a name the factory knows,
     * resolved now; {@code null} if none. {@code pointer} is where handler.yml uses the name.
     */
    Object find(String name, String pointer) {
        Object h = byName.get(name);
        if (h != null) {
            return h;
        }
        String light4jClass = pendingLight4j.remove(name);
        if (light4jClass != null) {
            h = resolveOrFail(name, light4jClass, pointerByName.get(name));
            byName.put(name, h);
            return h;
        }
        try {
            h = findNew(name, pointer);
        } catch (ConfigException e) {
            problems.add(e);
            h = FAILED; // reported once, at its first use
        }
        if (h != null) {
            byName.put(name, h);
        }
        return h;
    }

    private Object findNew(String name, String pointer) {
        Object h;
        String builtin = builtins.className(name);
        if (builtin != null) {
            h = byBuiltinClass.get(builtin);
            if (h == null) {
                h = resolve(name, builtin, pointer);
                byBuiltinClass.put(builtin, h);
            }
        } else if (name.startsWith("com.networknt.")) { // light-4j lets a chain name a class directly
            h = resolve(name, name, pointer);
        } else {
            h = fromFactory(name, null, pointer);
        }
        return h;
    }

    /** Makes {@code name} stand for a problem already reported, so later uses are not reported again. */
    void markFailed(String name) {
        byName.putIfAbsent(name, FAILED);
    }

    boolean isDeclared(String name) {
        return byName.containsKey(name) || pendingLight4j.containsKey(name);
    }

    String describeKnown() {
        TreeSet<String> names = new TreeSet<>(byName.keySet());
        names.addAll(pendingLight4j.keySet());
        names.addAll(builtins.all().keySet());
        return String.join(", ", names);
    }

    private Object resolve(String name, String className, String pointer) {
        Optional<Light4jCarryOver.Outcome> carried = light4j.carry(className, pointer);
        if (carried.isPresent()) {
            if (carried.get().handler() != null) {
                return carried.get().handler();
            }
            // light-4j declares one built-in under several classes (LoggerGetHandler, LoggerPostHandler): one instance
            String builtinClass = carried.get().builtinClass();
            Object shared = byBuiltinClass.get(builtinClass);
            if (shared == null) {
                shared = resolve(name, builtinClass, pointer);
                byBuiltinClass.put(builtinClass, shared);
            }
            return shared;
        }
        Class<?> type;
        try {
            type = Class.forName(className, true, classLoader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw file.error(pointer, "class " + className + " not found on the classpath" + (Light4jHandlers.isLight4jClass(className)
                    ? ": if it is your own class, put its jar on the classpath; as a light-4j handler it is not supported"
                    + " (not one Lumen carries over; docs/migrating-from-light-4j.md lists those and what Lumen offers)" : ""));
        }
        if (!HttpHandler.class.isAssignableFrom(type) && !Middleware.class.isAssignableFrom(type)) {
            throw file.error(pointer, className + " is neither an io.undertow.server.HttpHandler nor an io.lumen.handler.Middleware");
        }
        Object supplied = fromFactory(name, type, pointer);
        return supplied != null ? supplied : instantiate(type, pointer);
    }

    private Object fromFactory(String name, Class<?> type, String pointer) {
        Object h;
        try {
            h = factory.find(name, type, context);
        } catch (ConfigException e) {
            throw e;
        } catch (Exception e) {
            throw file.error(pointer, "handler '" + name + "' failed to start: " + e, e);
        }
        if (h == null) {
            return null;
        }
        if (!(h instanceof HttpHandler) && !(h instanceof Middleware)) {
            throw file.error(pointer, "handler '" + name + "' is a " + h.getClass().getName()
                    + ", neither an io.undertow.server.HttpHandler nor an io.lumen.handler.Middleware");
        }
        if (type != null && !type.isInstance(h)) {
            throw file.error(pointer, "handler '" + name + "' is a " + h.getClass().getName() + ", not a " + type.getName());
        }
        return h;
    }

    private Object instantiate(Class<?> type, String pointer) {
        String className = type.getName();
        try {
            Constructor<?> withContext = constructor(type, ServiceContext.class);
            if (withContext != null) {
                return withContext.newInstance(context);
            }
            Constructor<?> noArg = constructor(type);
            if (noArg != null) {
                return noArg.newInstance();
            }
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ConfigException ce) {
                throw ce; // the handler's own config error already names its file and line
            }
            throw file.error(pointer, className + " failed to start: " + cause, cause);
        } catch (ReflectiveOperationException e) {
            throw file.error(pointer, "cannot create " + className + ": " + e, e);
        }
        throw file.error(pointer, className + " needs a public no-arg constructor or a public (io.lumen.server.ServiceContext) constructor");
    }

    private static Constructor<?> constructor(Class<?> type, Class<?>... params) {
        try {
            Constructor<?> c = type.getConstructor(params);
            return Modifier.isPublic(type.getModifiers()) ? c : null;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }
}
