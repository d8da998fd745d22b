package io.lumen.config;

import java.util.Map;

/** JSON pointer to 1-based source line, recorded while parsing; lookups fall back to the nearest parent. */
final class LineTable {
    static final LineTable EMPTY = new LineTable(Map.of());

    private final Map<String, Integer> lines;

    LineTable(Map<String, Integer> lines) {
        this.lines = Map.copyOf(lines);
    }

    int lineOf(String pointer) {
        String p = pointer == null ? "" : pointer;
        while (true) {
            Integer line = lines.get(p);
            if (line != null) {
                return line;
            }
            if (p.isEmpty()) {
                return 0;
            }
            p = JsonPointers.parent(p);
        }
    }
}
