package io.lumen.cli.migrate;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A light-4j values.yml edited as text, so that its comments and layout survive: each top-level
 * key owns its line and the indented (or {@code -} list) lines after it. Keys can be removed or
 * renamed, new ones are appended under one comment. The parsed values come from SnakeYAML.
 */
final class ValuesFile {
    private static final Pattern KEY = Pattern.compile("^([A-Za-z0-9_][A-Za-z0-9_.\\-]*)\\s*:(\\s|$)");

    private final List<String> lines;
    private final Map<String, Object> values;
    private final Map<String, int[]> blocks = new LinkedHashMap<>(); // key -> [first line, end line exclusive]
    private final Map<String, String> renamed = new LinkedHashMap<>();
    private final List<String> removed = new ArrayList<>();
    private final Map<String, Object> added = new TreeMap<>();

    private ValuesFile(String text) {
        this.lines = text.isEmpty() ? List.of() : List.of(text.split("\n", -1));
        Object parsed = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
        this.values = parsed instanceof Map<?, ?> m ? stringKeys(m) : new LinkedHashMap<>();
        indexBlocks();
    }

    static ValuesFile parse(String text) {
        return new ValuesFile(text.replace("\r\n", "\n"));
    }

    static ValuesFile empty() {
        return new ValuesFile("");
    }

    /** The parsed values, keyed as written ({@code server.httpPort}). */
    Map<String, Object> values() {
        return values;
    }

    boolean has(String key) {
        return values.containsKey(key) && !removed.contains(key);
    }

    /** The value as it is now: added, else as written unless removed. */
    Object get(String key) {
        return added.containsKey(key) ? added.get(key) : has(key) ? values.get(key) : null;
    }

    /** The keys that start with {@code module.}. */
    List<String> keysOf(String module) {
        return values.keySet().stream().filter(k -> k.startsWith(module + ".") && !removed.contains(k)).toList();
    }

    void remove(String key) {
        if (values.containsKey(key) && !removed.contains(key)) {
            removed.add(key);
        }
    }

    void rename(String key, String to) {
        renamed.put(key, to);
    }

    /** Sets {@code key} in the block appended at the end of the file. */
    void add(String key, Object value) {
        added.put(key, value);
    }

    /** The file as it is now: the original lines minus removed blocks, renamed keys, added keys last. */
    String render() {
        StringBuilder out = new StringBuilder();
        boolean[] skip = new boolean[lines.size()];
        for (String key : removed) {
            int[] block = blocks.get(key);
            if (block != null) {
                for (int i = block[0]; i < block[1]; i++) {
                    skip[i] = true;
                }
            }
        }
        for (int i = 0; i < lines.size(); i++) {
            if (skip[i]) {
                continue;
            }
            String line = lines.get(i);
            Matcher m = KEY.matcher(line);
            if (m.find() && renamed.containsKey(m.group(1))) {
                line = renamed.get(m.group(1)) + line.substring(m.group(1).length());
            }
            out.append(line);
            if (i < lines.size() - 1) {
                out.append('\n');
            }
        }
        if (!added.isEmpty()) {
            if (out.length() > 0 && out.charAt(out.length() - 1) != '\n') {
                out.append('\n');
            }
            out.append("\n# Added by lumen migrate (see MIGRATION.md): light-4j's behaviour where Lumen's defaults differ\n");
            added.forEach((k, v) -> out.append(k).append(": ")
                    .append(v instanceof Map<?, ?> || v instanceof List<?> ? Yamls.flow(v) : v).append('\n'));
        }
        return out.toString();
    }

    private void indexBlocks() {
        String current = null;
        int start = 0;
        int end = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher m = KEY.matcher(line);
            if (m.find()) {
                close(current, start, end);
                current = m.group(1);
                start = i;
                end = i + 1;
            } else if (current != null && !line.isEmpty() && (Character.isWhitespace(line.charAt(0)) || line.startsWith("-"))) {
                end = i + 1; // a continuation: indented value or a list item
            } else if (current != null && !line.isBlank()) {
                close(current, start, end); // a comment or document marker at column 0 ends the block
                current = null;
            }
        }
        close(current, start, end);
    }

    private void close(String key, int start, int end) {
        if (key != null) {
            blocks.put(key, new int[] {start, end});
        }
    }

    private static Map<String, Object> stringKeys(Map<?, ?> m) {
        Map<String, Object> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(String.valueOf(k), v));
        return out;
    }
}
