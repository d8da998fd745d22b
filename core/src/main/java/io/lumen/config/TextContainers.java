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
 * light-4j's lists and maps written as text ({@code "a, b"}, {@code "[a, b]"}, {@code "{k: v}"}), as plain
 * values that {@link RecordBinder} then binds: the one reading of such text.
 */
final class TextContainers {
    private TextContainers() {}

    /**
     * The list the text stands for: empty, YAML flow ({@code [a, b]}) or comma-separated items, trimmed.
     *
     * @throws YAMLException for broken flow text
     */
    static Object list(String value) {
        return read(value, true);
    }

    /**
     * The map the text stands for: empty or YAML flow ({@code {k: v}}); null when the text is no map.
     *
     * @throws YAMLException for broken flow text
     */
    static Object map(String value) {
        return read(value, false);
    }

    private static Object read(String value, boolean list) {
        String text = value.trim();
        if (text.isEmpty()) {
            return list ? List.of() : Map.of();
        }
        if (text.startsWith("[") || text.startsWith("{")) {
            return plain(new Yaml(new SafeConstructor(new LoaderOptions())).load(text));
        }
        if (!list) {
            return null;
        }
        List<Object> items = new ArrayList<>();
        for (String item : text.split(",")) {
            if (!item.isBlank()) {
                items.add(item.trim()); // the element's binding coerces "8080" to an Integer, if it should
            }
        }
        return items;
    }

    /** Map keys as text; scalars other than booleans and numbers as text. */
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
