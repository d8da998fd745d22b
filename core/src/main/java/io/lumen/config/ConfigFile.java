package io.lumen.config;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/** One parsed, injected config file with the line of every key. Immutable and safe to share. */
public final class ConfigFile {
    private static final boolean CROSS_CHECK = Boolean.getBoolean("lumen.config.crossCheck");
    /** Problems reported for one file at most: a file that wrong is best fixed from the top. */
    private static final int MAX_PROBLEMS = 50;

    private final String name;
    private final String displayName;
    private final Object tree;
    private final LineTable lines;
    private final Supplier<ObjectMapper> mapper;
    private final Map<String, ValueOrigin> origins;
    private final ModuleValues moduleValues;

    ConfigFile(String name, String displayName, Object tree, LineTable lines, Supplier<ObjectMapper> mapper) {
        this(name, displayName, tree, lines, mapper, Map.of(), ModuleValues.NONE);
    }

    private ConfigFile(String name, String displayName, Object tree, LineTable lines, Supplier<ObjectMapper> mapper,
                       Map<String, ValueOrigin> origins, ModuleValues moduleValues) {
        this.name = name;
        this.displayName = displayName;
        this.tree = freeze(tree);
        this.lines = lines;
        this.mapper = mapper;
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
        return new ConfigFile(name, displayName, newTree, lines, mapper, origins, moduleValues);
    }

    /** The same file after injection: the injected tree, where each injected value was written, and the module values. */
    ConfigFile injected(Object newTree, Map<String, ValueOrigin> newOrigins, ModuleValues values) {
        return new ConfigFile(name, displayName, newTree, lines, mapper, newOrigins, values);
    }

    Object valueAt(String jsonPointer) {
        return JsonPointers.valueAt(tree, jsonPointer);
    }

    <T> T bindValue(Object value, Class<T> type, String basePointer) {
        T fast;
        try {
            fast = type.cast(RecordBinder.bind(value, type));
        } catch (RuntimeException notMine) { // RecordBinder.Unsupported, or anything it did not foresee
            return bindWithJackson(value, type, basePointer);
        }
        if (CROSS_CHECK) {
            crossCheck(value, type, basePointer, fast);
        }
        return fast;
    }

    /**
     * The full binding, with Jackson's lenient coercions and its reports of what is wrong: every wrong
     * key of the file, not just the first. Jackson stops at the first problem, so the key it names is
     * left out and the binding tried again (at most {@link #MAX_PROBLEMS} times), until it binds or
     * stops at a problem that leaving a key out cannot pass (a record's own check across its values,
     * a wrong list element, the whole value).
     */
    private <T> T bindWithJackson(Object value, Class<T> type, String basePointer) {
        ObjectMapper json = mapper.get();
        List<ConfigException> problems = new ArrayList<>();
        Object current = value;
        while (problems.size() < MAX_PROBLEMS) {
            try {
                JsonNode node = json.valueToTree(current);
                T bound = json.readerFor(type).readValue(node);
                if (problems.isEmpty()) {
                    return bound;
                }
                break;
            } catch (JsonMappingException e) {
                problems.add(BindingErrors.toConfigException(this, basePointer, e));
                Object rest = e instanceof ValueInstantiationException ? JsonPointers.ABSENT
                        : JsonPointers.without(current, BindingErrors.pointerOf(e));
                if (rest == JsonPointers.ABSENT) {
                    break;
                }
                current = rest;
            } catch (IOException e) {
                problems.add(new ConfigException(displayName, lineOf(basePointer), JsonPointers.render(tree, basePointer),
                        String.valueOf(e.getMessage()), e));
                break;
            }
        }
        problems.sort(Comparator.comparingInt(ConfigException::line)); // as the file reads
        throw ConfigException.of(problems);
    }

    /** Tests run with {@code -Dlumen.config.crossCheck=true}: the fast path must give exactly what Jackson gives. */
    private <T> void crossCheck(Object value, Class<T> type, String basePointer, T fast) {
        T jackson;
        try {
            jackson = bindWithJackson(value, type, basePointer);
        } catch (ConfigException e) {
            throw new AssertionError("config binding cross-check: " + displayName + " " + basePointer + " bound to "
                    + fast + " without Jackson, but Jackson refuses it: " + e.getMessage(), e);
        }
        if (!Objects.equals(fast, jackson) || (fast != null && fast.getClass() != jackson.getClass())) {
            throw new AssertionError("config binding cross-check: " + displayName + " " + basePointer + " as "
                    + type.getName() + ": without Jackson " + fast + ", with Jackson " + jackson);
        }
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
