package io.lumen.service.reload;

import io.lumen.config.ConfigFile;
import io.lumen.handler.router.Route;
import io.lumen.service.assembly.ServiceAssembly;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a successful reload changed: the generation now serving and the one it replaced, routes
 * added, removed and with another chain ({@code GET /v1/pets}), and the config files (YAML and the
 * spec, as the config loader read them, placeholders filled) the new generation read: those whose
 * content differs from the replaced generation's, those only one of them read, all it read.
 * Immutable; {@link #toMap()} is the {@code POST /adm/reload} answer.
 */
public record ReloadReport(long generation, long previous, String trigger, long millis,
                           List<String> routesAdded, List<String> routesRemoved, List<String> routesChanged,
                           List<String> filesChanged, List<String> filesAdded, List<String> filesRemoved,
                           List<String> filesRead) {
    public ReloadReport {
        routesAdded = List.copyOf(routesAdded);
        routesRemoved = List.copyOf(routesRemoved);
        routesChanged = List.copyOf(routesChanged);
        filesChanged = List.copyOf(filesChanged);
        filesAdded = List.copyOf(filesAdded);
        filesRemoved = List.copyOf(filesRemoved);
        filesRead = List.copyOf(filesRead);
    }

    static ReloadReport between(Generation old, Generation next, String trigger, long millis) {
        Map<String, List<String>> before = chains(old.assembly());
        Map<String, List<String>> after = chains(next.assembly());
        List<String> added = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        after.forEach((route, chain) -> {
            List<String> was = before.get(route);
            if (was == null) {
                added.add(route);
            } else if (!was.equals(chain)) {
                changed.add(route);
            }
        });
        List<String> removed = new ArrayList<>(before.keySet());
        removed.removeAll(after.keySet());
        Map<String, Object> was = files(old.assembly());
        Map<String, Object> now = files(next.assembly());
        List<String> changedFiles = new ArrayList<>();
        List<String> addedFiles = new ArrayList<>();
        now.forEach((file, tree) -> {
            if (!was.containsKey(file)) {
                addedFiles.add(file);
            } else if (!Objects.equals(was.get(file), tree)) {
                changedFiles.add(file);
            }
        });
        List<String> removedFiles = new ArrayList<>(was.keySet());
        removedFiles.removeAll(now.keySet());
        return new ReloadReport(next.number(), old.number(), trigger, millis, added, removed, changed,
                changedFiles, addedFiles, removedFiles, new ArrayList<>(now.keySet()));
    }

    /**
     * The config files a generation read, by where they were found, with their content after
     * placeholders: a values.yml change shows values.yml and every file whose values it changed.
     */
    private static Map<String, Object> files(ServiceAssembly assembly) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (ConfigFile f : assembly.context().config().loaded()) {
            out.put(f.displayName(), f.tree());
        }
        return out;
    }

    private static Map<String, List<String>> chains(ServiceAssembly assembly) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Route r : assembly.router().router().routes()) {
            out.put(r.method() + " " + r.template().text(), r.chain());
        }
        return out;
    }

    /** The JSON answer: {@code generation}, {@code previous}, {@code routes}, {@code files}, {@code millis}. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("generation", generation);
        m.put("previous", previous);
        m.put("millis", millis);
        m.put("routes", Map.of("added", routesAdded, "removed", routesRemoved, "changed", routesChanged));
        Map<String, Object> files = new LinkedHashMap<>();
        files.put("changed", filesChanged);
        files.put("added", filesAdded);
        files.put("removed", filesRemoved);
        files.put("read", filesRead);
        m.put("files", files);
        return m;
    }

    /** One log line: {@code routes +1 -0 ~2; files changed: [...]}. */
    String summary() {
        return "routes +" + routesAdded.size() + " -" + routesRemoved.size() + " ~" + routesChanged.size()
                + "; files changed " + filesChanged + (filesAdded.isEmpty() ? "" : ", added " + filesAdded)
                + (filesRemoved.isEmpty() ? "" : ", removed " + filesRemoved);
    }
}
