package io.lumen.cli.schema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The Javadoc of config records read from their source files: the summary sentence and each
 * {@code @param}, as plain text ({@code {@code x}} becomes {@code x}). Used at build time, where
 * the sources are at hand; without them schemas carry no descriptions.
 */
final class RecordDocs {
    private static final Pattern INLINE_TAG = Pattern.compile("\\{@(?:code|link|linkplain|literal)\\s+([^}]*)}");

    /** A record's summary and its components' descriptions. */
    record Doc(String summary, Map<String, String> params) {
        static final Doc NONE = new Doc("", Map.of());
    }

    private final List<Path> sourceRoots;

    /** @param repository the repository root; records are looked up in every {@code <module>/src/main/java} */
    RecordDocs(Path repository) {
        List<Path> roots = List.of();
        if (repository != null) {
            try (Stream<Path> modules = Files.list(repository)) {
                roots = modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory).sorted().toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        this.sourceRoots = roots;
    }

    Doc of(Class<?> record) {
        Class<?> top = record;
        while (top.getEnclosingClass() != null) {
            top = top.getEnclosingClass();
        }
        String file = top.getName().replace('.', '/') + ".java";
        Optional<Path> source = sourceRoots.stream().map(r -> r.resolve(file)).filter(Files::isRegularFile).findFirst();
        if (source.isEmpty()) {
            return Doc.NONE;
        }
        try {
            return parse(Files.readString(source.get()), record.getSimpleName());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The Javadoc right before {@code record <name>(} in {@code source}. */
    static Doc parse(String source, String name) {
        Matcher decl = Pattern.compile("\\brecord\\s+" + Pattern.quote(name) + "\\s*\\(").matcher(source);
        if (!decl.find()) {
            return Doc.NONE;
        }
        int end = source.lastIndexOf("*/", decl.start());
        int start = end < 0 ? -1 : source.lastIndexOf("/**", end);
        if (start < 0 || !source.substring(end + 2, decl.start()).replaceAll("@\\w+(\\([^)]*\\))?", "")
                .replaceAll("\\b(public|static|final|private|protected)\\b", "").isBlank()) {
            return Doc.NONE;
        }
        String text = source.substring(start + 3, end).lines().map(l -> l.replaceFirst("^\\s*\\*\\s?", ""))
                .reduce((a, b) -> a + "\n" + b).orElse("");
        String[] parts = text.split("(?m)^@");
        String summary = plain(parts[0]);
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            Matcher p = Pattern.compile("^param\\s+(\\w+)\\s+(.*)$", Pattern.DOTALL).matcher(parts[i]);
            if (p.find()) {
                params.put(p.group(1), plain(p.group(2)));
            }
        }
        return new Doc(summary, params);
    }

    private static String plain(String javadoc) {
        String text = INLINE_TAG.matcher(javadoc).replaceAll(m -> Matcher.quoteReplacement(m.group(1).trim()));
        return text.replaceAll("<[^>]+>", "").replaceAll("\\s+", " ").trim();
    }
}
