package io.lumen.cli.migrate;

import java.util.ArrayList;
import java.util.List;

/**
 * What a migration did: the changes made, what light-4j did that the Lumen folder does not (with
 * what to use instead), and what was kept as written. Rendered as MIGRATION.md, the same text
 * every run for the same input.
 */
public final class MigrationReport {
    /** The report's file name in the output folder; its presence marks a folder migrate may rewrite. */
    public static final String FILE = "MIGRATION.md";

    private final String source;
    private final List<String> changed = new ArrayList<>();
    private final List<String> notCarried = new ArrayList<>();
    private final List<String> kept = new ArrayList<>();

    MigrationReport(String source) {
        this.source = source;
    }

    void changed(String line) {
        changed.add(line);
    }

    void notCarried(String line) {
        notCarried.add(line);
    }

    void kept(String line) {
        kept.add(line);
    }

    public List<String> changed() {
        return List.copyOf(changed);
    }

    public List<String> notCarriedOver() {
        return List.copyOf(notCarried);
    }

    public List<String> kept() {
        return List.copyOf(kept);
    }

    /** The report as Markdown. */
    public String render() {
        StringBuilder b = new StringBuilder();
        b.append("# lumen migrate: ").append(source).append("\n\n");
        b.append("A light-4j config folder turned into a Lumen one. Run `lumen check` on this folder,"
                + " and put the jars of your own handler classes on the service's classpath.\n");
        section(b, "Changed", changed);
        section(b, "Not carried over (what to use instead)", notCarried);
        section(b, "Kept as written", kept);
        return b.toString();
    }

    private static void section(StringBuilder b, String title, List<String> lines) {
        b.append("\n## ").append(title).append(" (").append(lines.size()).append(")\n\n");
        if (lines.isEmpty()) {
            b.append("Nothing.\n");
        }
        lines.forEach(l -> b.append("- ").append(l).append('\n'));
    }
}
