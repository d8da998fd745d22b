package io.lumen.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One parsed, injected config file with the line of every key. Immutable and safe to share. */
public final class ConfigFile {
    /** Problems reported for one file at most: a file that wrong is best fixed from the top. */
    private static final int MAX_PROBLEMS = 50;

    private final String name;
    private final String displayName;
    private final Object tree;
    private final LineTable lines;
    private final Map<String, ValueOrigin> origins;
    private final ModuleValues moduleValues;

    ConfigFile(String name, String displayName, Object tree, LineTable lines) {
        this(name, displayName, tree, lines, Map.of(), ModuleValues.NONE);
    }

    private ConfigFile(String name, String displayName, Object tree, LineTable lines, Map<String, ValueOrigin> origins, ModuleValues moduleValues) {
        this.name = name;
        this.displayName = displayName;
        this.tree = freeze(tree);
        this.lines = lines;
        this.origins = Map.copyOf(origins);
        this.moduleValues = moduleValues;
    }

    /** The base name, e.g. {@code server}. */
    public String name() {
        return name;
    }

    /** Where the file was found: {@code /etc/svc/server.yml} or {@code classpath:config/server.yml}. */
    public String displayName() {
        return displayName;
    }

    /** The injected value tree (a {@code Map<String,Object>} for normal files); unmodifiable. */
    public Object tree() {
        return tree;
    }

    /** The 1-based line of the pointer, or of its nearest parent that has one; 0 if unknown. */
    public int lineOf(String jsonPointer) {
        return lines.lineOf(jsonPointer);
    }

    /**
     * An exception naming this file, the pointer's line and the pointer as a key path like {@code paths[2].exec};
     * a value injected from values.yml is named at its values.yml line instead (see {@link #originOf}).
     */
    public ConfigException error(String jsonPointer, String problem) {
        return error(jsonPointer, problem, null);
    }

    /** As {@link #error(String, String)}, keeping {@code cause} (e.g. the exception a user's constructor threw). */
    public ConfigException error(String jsonPointer, String problem, Throwable cause) {
        String key = JsonPointers.render(tree, jsonPointer);
        ValueOrigin origin = originOf(jsonPointer);
        if (origin != null) {
            int line = lineOf(jsonPointer);
            return new ConfigException(origin.file(), origin.line(), origin.key(), problem + " (as " + name + ".yml"
                    + (key == null || key.isEmpty() ? "" : " " + key)
                    + (line > 0 ? " at line " + line + " of " + displayName : "") + ")", cause);
        }
        return new ConfigException(displayName, lineOf(jsonPointer), key, problem, cause);
    }

    Map<String, ValueOrigin> origins() {
        return origins;
    }

    /**
     * Where the value at the pointer was written, for a log line: {@code values.yml:12: handler.handlers}
     * when it was injected from there, else {@code handler.yml:7}.
     */
    public String where(String jsonPointer) {
        ValueOrigin origin = originOf(jsonPointer);
        return origin != null ? origin.toString() : displayName + ":" + lineOf(jsonPointer);
    }

    /** The values.yml key whose value is at the pointer or holds it (the nearest injected parent); null if none. */
    public ValueOrigin originOf(String jsonPointer) {
        String p = jsonPointer == null ? "" : jsonPointer;
        while (true) {
            ValueOrigin o = origins.get(p);
            if (o != null || p.isEmpty()) {
                return o;
            }
            p = JsonPointers.parent(p);
        }
    }

    /**
     * This file as binding it to {@code type} sees it: light-4j-only keys dropped and the keys it does not set
     * taken from {@code <name>.<key>} values, each remembered at its values.yml line; for code that reads
     * the tree itself (handler.yml's chains) and must name the same lines.
     */
    public ConfigFile prepared(Class<?> type) {
        return type.isRecord() && (tree instanceof Map<?, ?> || tree == null) ? moduleValues.prepare(this, type) : this;
    }

    /** Binds the whole file; every binding problem becomes a {@link ConfigException} with file, line and key. */
    public <T> T bind(Class<T> type) {
        return bindAt("", type);
    }

    /** Binds the subtree at the pointer (e.g. {@code /jwt}); a missing subtree binds as an empty map. */
    public <T> T bindAt(String jsonPointer, Class<T> type) {
        String base = jsonPointer == null ? "" : jsonPointer;
        if (base.isEmpty() && type.isRecord() && (tree instanceof Map<?, ?> || tree == null)) {
            ConfigFile withModuleValues = moduleValues.prepare(this, type);
            if (withModuleValues != this) {
                return withModuleValues.bindValue(withModuleValues.tree, type, base);
            }
        }
        Object subtree = JsonPointers.valueAt(tree, base);
        return bindValue(subtree == JsonPointers.ABSENT ? Map.of() : subtree, type, base);
    }

    /** The same file with another tree, e.g. after injection; the line table still applies. */
    ConfigFile withTree(Object newTree) {
        return new ConfigFile(name, displayName, newTree, lines, origins, moduleValues);
    }

    /** The same file after injection: the injected tree, where each injected value was written, and the module values. */
    ConfigFile injected(Object newTree, Map<String, ValueOrigin> newOrigins, ModuleValues values) {
        return new ConfigFile(name, displayName, newTree, lines, newOrigins, values);
    }

    <T> T bindValue(Object value, Class<T> type, String basePointer) {
        RecordBinder.Bound bound = RecordBinder.bind(value, type, basePointer);
        if (bound.problems().isEmpty()) {
            return type.cast(bound.value());
        }
        List<ConfigException> problems = new ArrayList<>();
        for (RecordBinder.Problem p : bound.problems()) {
            problems.add(error(p.pointer(), p.message(), p.cause())); // a value from values.yml is named at its line there
        }
        problems.sort(Comparator.comparingInt(ConfigException::line)); // as the file reads
        throw ConfigException.of(problems.subList(0, Math.min(problems.size(), MAX_PROBLEMS)));
    }

    @Override
    public String toString() {
        return "ConfigFile[" + displayName + "]";
    }

    private static Object freeze(Object node) {
        if (node instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(k, freeze(v)));
            return Collections.unmodifiableMap(copy);
        }
        if (node instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(v -> copy.add(freeze(v)));
            return Collections.unmodifiableList(copy);
        }
        return node;
    }
}
