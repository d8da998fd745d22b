package io.lumen.service.reload;

import io.lumen.config.ConfigFile;
import io.lumen.handler.router.Route;
import io.lumen.service.ServiceAssembly;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a successful reload changed: the generation now serving and the one it replaced, routes
 * added, removed and with another chain ({@code GET /v1/pets}), config files whose content changed,
 * appeared or disappeared in the config dirs, and the config files the new generation read.
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
        List<String> read = next.assembly().context().config().loaded().stream().map(ConfigFile::displayName).toList();
        return new ReloadReport(next.number(), old.number(), trigger, millis, added, removed, changed,
                next.files().changedSince(old.files()), next.files().notIn(old.files()), old.files().notIn(next.files()),
                read);
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
