package io.lumen.cli.migrate;

import io.lumen.handler.light4j.Light4jHandler;
import io.lumen.handler.light4j.Light4jHandlers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Rewrites a light-4j handler.yml tree (already resolved from handler.yml and values.yml) into
 * Lumen's: light-4j handler classes become the built-ins of {@link Light4jHandlers} (their aliases
 * renamed in chains, paths and defaultHandlers), classes Lumen covers elsewhere or has no
 * equivalent of leave the handlers, chains and paths, and the application's own classes stay.
 */
final class HandlerMigration {
    private static final Set<String> KEYS = Set.of("enabled", "basePath", "handlers", "chains", "paths",
            "defaultHandlers", "additionalHandlers", "additionalChains", "additionalPaths", "reportHandlerDuration");

    private final MigrationReport report;
    private final Map<String, String> renamed = new LinkedHashMap<>(); // handler name -> built-in
    private final Set<String> dropped = new LinkedHashSet<>();         // names removed from chains and paths
    private final Set<String> unserved = new LinkedHashSet<>();        // names whose routes are removed

    HandlerMigration(MigrationReport report) {
        this.report = report;
    }

    /** The Lumen handler.yml tree for {@code light4j}. */
    Map<String, Object> migrate(Map<String, Object> light4j) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : light4j.entrySet()) {
            if (!KEYS.contains(e.getKey())) {
                report.notCarried("handler.yml `" + e.getKey() + "`: not a key of Lumen's handler.yml, left out");
            }
        }
        List<String> handlers = handlers(light4j.get("handlers"), "handlers");
        List<String> additional = handlers(light4j.get("additionalHandlers"), "additionalHandlers");
        copy(light4j, out, "enabled");
        copy(light4j, out, "basePath");
        out.put("handlers", handlers);
        if (!additional.isEmpty()) {
            out.put("additionalHandlers", additional);
        }
        putChains(out, "chains", light4j.get("chains"));
        putChains(out, "additionalChains", light4j.get("additionalChains"));
        putPaths(out, "paths", light4j.get("paths"));
        putPaths(out, "additionalPaths", light4j.get("additionalPaths"));
        if (light4j.get("defaultHandlers") instanceof List<?> defaults) {
            List<String> names = names(defaults);
            if (!names.isEmpty()) {
                out.put("defaultHandlers", names);
            }
        }
        copy(light4j, out, "reportHandlerDuration");
        if (!out.containsKey("paths") && !out.containsKey("additionalPaths") && !out.containsKey("defaultHandlers")) {
            report.notCarried("handler.yml: no paths and no defaultHandlers, so every request answers 404 ERR10048;"
                    + " add the routes (path, method, exec) the service serves");
        }
        return out;
    }

    /** The entries to keep; records what each light-4j class becomes. */
    private List<String> handlers(Object list, String key) {
        List<String> kept = new ArrayList<>();
        if (!(list instanceof List<?> entries)) {
            return kept;
        }
        for (Object entry : entries) {
            String text = String.valueOf(entry).trim();
            int at = text.indexOf('@');
            String className = at < 0 ? text : text.substring(0, at);
            String name = at < 0 ? text : text.substring(at + 1);
            Light4jHandler known = Light4jHandlers.find(className).orElse(null);
            if (known == null) {
                kept.add(text);
                if (Light4jHandlers.isLight4jClass(className)) {
                    report.kept(key + ": " + text + ": not one of light-4j's handlers Lumen knows; kept as your own handler"
                            + " (put its jar on the service's classpath; if it is a light-4j module's, Lumen has no equivalent)");
                } else {
                    report.kept(key + ": your handler " + text + " (put its jar on the service's classpath)");
                }
                continue;
            }
            switch (known.kind()) {
                case BUILTIN -> {
                    renamed.put(name, known.builtin());
                    report.changed(key + ": " + text + " -> Lumen's built-in `" + known.builtin() + "`"
                            + (known.note().isEmpty() ? "" : " (" + known.note() + ")"));
                }
                case COVERED -> {
                    dropped.add(name);
                    report.changed(key + ": " + text + " removed: " + known.note());
                }
                case MISSING -> {
                    dropped.add(name);
                    report.notCarried(key + ": " + text + " removed, Lumen has no equivalent: use " + known.note());
                }
                case UNSERVED -> {
                    unserved.add(name);
                    report.notCarried(key + ": " + text + " removed with its routes, Lumen has no equivalent: use "
                            + known.note());
                }
            }
        }
        return kept;
    }

    private void putChains(Map<String, Object> out, String key, Object chains) {
        if (!(chains instanceof Map<?, ?> map) || map.isEmpty()) {
            return;
        }
        Map<String, List<String>> migrated = new LinkedHashMap<>();
        map.forEach((name, list) -> migrated.put(String.valueOf(name),
                list instanceof List<?> l ? names(l) : List.of()));
        out.put(key, migrated);
    }

    private void putPaths(Map<String, Object> out, String key, Object paths) {
        if (!(paths instanceof List<?> list) || list.isEmpty()) {
            return;
        }
        List<Map<String, Object>> migrated = new ArrayList<>();
        for (Object p : list) {
            if (!(p instanceof Map<?, ?> route)) {
                report.notCarried(key + ": entry '" + p + "' is not a route (path, method, exec), left out");
                continue;
            }
            String where = route.get("method") + " " + route.get("path");
            List<?> exec = route.get("exec") instanceof List<?> l ? l : List.of();
            if (exec.stream().map(String::valueOf).anyMatch(unserved::contains)) {
                report.notCarried(key + ": route " + where + " removed: it runs an endpoint Lumen does not serve");
                continue;
            }
            List<String> names = names(exec);
            if (names.isEmpty()) {
                report.changed(key + ": route " + where + " removed: nothing of its exec is left on Lumen");
                continue;
            }
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("path", String.valueOf(route.get("path")));
            r.put("method", String.valueOf(route.get("method")).toUpperCase(Locale.ROOT));
            r.put("exec", names);
            migrated.add(r);
        }
        out.put(key, migrated);
    }

    /** A list of handler or chain names with light-4j aliases renamed and removed handlers left out. */
    private List<String> names(List<?> list) {
        List<String> out = new ArrayList<>();
        for (Object o : list) {
            String name = String.valueOf(o).trim();
            if (dropped.contains(name) || unserved.contains(name)) {
                continue;
            }
            out.add(renamed.getOrDefault(name, name));
        }
        return out;
    }

    private static void copy(Map<String, Object> from, Map<String, Object> to, String key) {
        if (from.containsKey(key) && from.get(key) != null) {
            to.put(key, from.get(key));
        }
    }
}
