package io.lumen.codegen.diagnostics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One generation warning.
 *
 * @param kind   what kind of construct it is about, the same text for every warning of the kind
 *               (summaries count by it)
 * @param detail {@code file:line: pointer: message}
 */
public record Warning(String kind, String detail) {

    /**
     * One line per kind, in the order first found: {@code kind (N): first detail}, and how many more
     * there are ({@code --verbose} lists them all). Hundreds of warnings of one kind stay one line.
     */
    public static List<String> summary(List<Warning> warnings) {
        Map<String, List<Warning>> byKind = new LinkedHashMap<>();
        warnings.forEach(w -> byKind.computeIfAbsent(w.kind(), k -> new ArrayList<>()).add(w));
        List<String> lines = new ArrayList<>();
        byKind.forEach((kind, list) -> lines.add(kind + " (" + list.size() + "): " + list.get(0).detail()
                + (list.size() > 1 ? " [and " + (list.size() - 1) + " more: --verbose lists them]" : "")));
        return lines;
    }
}
