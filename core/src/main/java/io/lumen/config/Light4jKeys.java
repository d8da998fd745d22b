package io.lumen.config;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keys that light-4j 2.3.x defines and Lumen does not read ({@code META-INF/lumen/light4j-keys.properties}):
 * a file that sets one is bound without it, with one warning per key and loader saying why it has no
 * effect, so a light-4j config folder starts; a key neither knows stays an unknown-key error. Only
 * keys the record being bound lacks are dropped: a key Lumen also has is bound as usual.
 */
final class Light4jKeys {
    private static final Logger LOG = LoggerFactory.getLogger(Light4jKeys.class);
    private static final String RESOURCE = "META-INF/lumen/light4j-keys.properties";
    /** file base name -> dotted key path -> reason */
    private static final Map<String, Map<String, String>> TABLE = read();

    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    /** {@code file} without the light-4j keys {@code type} does not have; {@code file} itself if it sets none. */
    ConfigFile drop(ConfigFile file, Class<?> type) {
        Map<String, String> keys = TABLE.get(file.name());
        if (keys == null || !(file.tree() instanceof Map<?, ?> root)) {
            return file;
        }
        Map<Object, Object> copy = null;
        for (Map.Entry<String, String> k : keys.entrySet()) {
            String[] path = k.getKey().split("\\.");
            if (!lumenLacks(root, type, path)) {
                continue;
            }
            if (copy == null) {
                copy = mutableCopy(root);
            }
            removeAt(copy, path);
            String pointer = "/" + String.join("/", path);
            if (warned.add(file.displayName() + pointer)) {
                LOG.warn("{}:{}: {}: a light-4j key with no effect in Lumen because {}", file.displayName(),
                        file.lineOf(pointer), k.getKey(), k.getValue());
            }
        }
        return copy == null ? file : file.withTree(copy);
    }

    /** Whether the tree sets {@code path} and the record has no component at its last step. */
    private static boolean lumenLacks(Map<?, ?> root, Class<?> type, String[] path) {
        Object node = root;
        Class<?> t = type;
        for (int i = 0; i < path.length; i++) {
            if (!(node instanceof Map<?, ?> m) || !m.containsKey(path[i]) || t == null || !t.isRecord()) {
                return false;
            }
            RecordComponent c = component(t, path[i]);
            if (i == path.length - 1) {
                return c == null;
            }
            if (c == null) {
                return false; // the parent itself is unknown: that is its own error
            }
            node = m.get(path[i]);
            t = c.getType();
        }
        return false;
    }

    private static RecordComponent component(Class<?> record, String name) {
        for (RecordComponent c : record.getRecordComponents()) {
            if (c.getName().equals(name)) {
                return c;
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    private static void removeAt(Map<Object, Object> root, String[] path) {
        Map<Object, Object> m = root;
        for (int i = 0; i < path.length - 1; i++) {
            m = (Map<Object, Object>) m.get(path[i]);
        }
        m.remove(path[path.length - 1]);
    }

    private static Map<Object, Object> mutableCopy(Map<?, ?> map) {
        Map<Object, Object> copy = new LinkedHashMap<>();
        map.forEach((k, v) -> copy.put(k, v instanceof Map<?, ?> inner ? mutableCopy(inner) : v));
        return copy;
    }

    private static Map<String, Map<String, String>> read() {
        Properties p = new Properties();
        try (InputStream in = Light4jKeys.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        Map<String, Map<String, String>> table = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(p.stringPropertyNames());
        Collections.sort(names);
        for (String name : names) {
            int dot = name.indexOf('.');
            table.computeIfAbsent(name.substring(0, dot), f -> new LinkedHashMap<>())
                    .put(name.substring(dot + 1), p.getProperty(name).trim());
        }
        return table;
    }
}
