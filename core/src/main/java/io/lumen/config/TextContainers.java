package io.lumen.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * light-4j's lists and maps written as text ({@code "a, b"}, {@code "[a, b]"}, {@code "{k: v}"}), read into
 * the values {@link LenientContainersModule} hands Jackson, for {@link RecordBinder}; text it would not
 * read the same way throws {@link RecordBinder.Unsupported}.
 */
final class TextContainers {
    private TextContainers() {}

    /**
     * A list written as text, as {@link LenientContainersModule} reads it: empty, YAML flow ({@code [a, b]}) or
     * comma-separated ({@code a, b}).
     */
    static Object list(String value) {
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
    static Object map(String value) {
        String text = value.trim();
        if (text.isEmpty()) {
            return Map.of();
        }
        if (text.startsWith("[") || text.startsWith("{")) {
            return flow(text);
        }
        throw RecordBinder.Unsupported.INSTANCE;
    }

    /** YAML flow text parsed and reduced to the kinds of values {@link LenientContainersModule} passes on. */
    private static Object flow(String text) {
        Object parsed;
        try {
            parsed = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
        } catch (YAMLException e) {
            throw RecordBinder.Unsupported.INSTANCE;
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

}
