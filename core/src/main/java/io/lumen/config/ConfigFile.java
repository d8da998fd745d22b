package io.lumen.config;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/** One parsed, injected config file with the line of every key. Immutable and safe to share. */
public final class ConfigFile {
    private static final boolean CROSS_CHECK = Boolean.getBoolean("lumen.config.crossCheck");

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
            return new ConfigException(origin.file(), origin.line(), origin.key(), problem + " (as " + name + ".yml "
                    + (key == null || key.isEmpty() ? "" : key + " ") + "at line " + lineOf(jsonPointer) + " of "
                    + displayName + ")", cause);
        }
        return new ConfigException(displayName, lineOf(jsonPointer), key, problem, cause);
    }

    Map<String, ValueOrigin> origins() {
        return origins;
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

    /** The full binding, with Jackson's lenient coercions and its reports of what is wrong. */
    private <T> T bindWithJackson(Object value, Class<T> type, String basePointer) {
        ObjectMapper json = mapper.get();
        JsonNode node = json.valueToTree(value);
        try {
            return json.readerFor(type).readValue(node);
        } catch (JsonMappingException e) {
            throw BindingErrors.toConfigException(this, basePointer, e);
        } catch (IOException e) {
            throw new ConfigException(displayName, lineOf(basePointer), JsonPointers.render(tree, basePointer),
                    String.valueOf(e.getMessage()), e);
        }
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
