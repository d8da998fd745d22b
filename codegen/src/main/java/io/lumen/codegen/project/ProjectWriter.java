package io.lumen.codegen.project;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Puts a {@link Generation} into a project folder. The generated layer and the spec copy are
 * written when their bytes differ (so unchanged files keep their time stamps); generated files a
 * previous run wrote and this one does not are deleted; user-owned files are written only when
 * missing and never touched otherwise, nor is any file the generator did not write. Operations
 * that disappeared since the last run, and {@code XxxImpl} classes left without an operation, are
 * reported. {@link Mode#CHECK} and {@link Mode#DRY_RUN} write nothing.
 */
public final class ProjectWriter {
    private static final String MANIFEST = Layout.STATE + "/manifest.txt";

    /** What a run does with the files. */
    public enum Mode {
        /** Write the project. */
        WRITE,
        /** Report what differs; write nothing. */
        CHECK,
        /** Report what {@link #WRITE} would do; write nothing. */
        DRY_RUN
    }

    /**
     * What a run did (or would do, or found stale).
     *
     * @param written  generated or spec files written (new or changed)
     * @param created  user-owned files created
     * @param kept     user-owned files that exist and were left alone
     * @param deleted  generated files of a previous run that are gone from this one
     * @param removed  operations (class prefixes) gone since the last run, and implementation files left over
     * @param stale    for {@link Mode#CHECK}: every file whose generated part differs or is missing
     */
    public record Report(List<String> written, List<String> created, List<String> kept, List<String> deleted,
                         List<String> removed, List<String> stale) {
    }

    private ProjectWriter() {
    }

    /** Writes (checks, previews) every file of {@code generation} in {@code dir}. */
    public static Report write(Path dir, Generation generation, Mode mode) throws IOException {
        return write(dir, dir.resolve("target"), generation, mode, EnumSet.allOf(GeneratedFile.Owner.class));
    }

    /**
     * Writes (checks, previews) the files of the given owners; paths under {@code target/} go to
     * {@code buildDir} (a Maven build directory elsewhere).
     */
    public static Report write(Path dir, Path buildDir, Generation generation, Mode mode, Set<GeneratedFile.Owner> owners)
            throws IOException {
        List<String> written = new ArrayList<>();
        List<String> created = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        List<String> stale = new ArrayList<>();
        Function<String, Path> locate = p -> p.startsWith("target/") ? buildDir.resolve(p.substring("target/".length()))
                : dir.resolve(p);
        Manifest previous = Manifest.read(locate.apply(MANIFEST));
        Set<String> generatedNow = new TreeSet<>();
        // the generated layer lives in target/: a fresh checkout has none, which is not stale (the build writes it)
        boolean layerPresent = mode != Mode.CHECK || Files.isDirectory(locate.apply(Layout.GENERATED_SOURCES));
        for (GeneratedFile f : generation.files()) {
            if (!owners.contains(f.owner())) {
                continue;
            }
            Path target = locate.apply(f.path());
            boolean exists = Files.isRegularFile(target);
            if (f.owner() == GeneratedFile.Owner.USER) {
                if (exists) {
                    kept.add(f.path());
                } else {
                    created.add(f.path());
                    stale.add(f.path() + " (missing)");
                    if (mode == Mode.WRITE) {
                        put(target, f.content());
                    }
                }
                continue;
            }
            if (f.owner() == GeneratedFile.Owner.GENERATED) {
                generatedNow.add(f.path());
                if (!layerPresent) {
                    continue;
                }
            }
            if (exists && Arrays.equals(Files.readAllBytes(target), f.content())) {
                continue;
            }
            written.add(f.path());
            stale.add(f.path() + (exists ? " (differs)" : " (missing)"));
            if (mode == Mode.WRITE) {
                put(target, f.content());
            }
        }
        List<String> deleted = new ArrayList<>();
        for (String old : previous.files) {
            if (owners.contains(GeneratedFile.Owner.GENERATED) && !generatedNow.contains(old) && Files.isRegularFile(locate.apply(old))) {
                deleted.add(old);
                stale.add(old + " (no longer generated)");
                if (mode == Mode.WRITE) {
                    Files.delete(locate.apply(old));
                }
            }
        }
        List<String> removed = removed(dir, generation, previous, generation.implPath());
        if (mode == Mode.WRITE) {
            Manifest.write(locate.apply(MANIFEST), generation.operations(), generatedNow);
        }
        return new Report(written, created, kept, deleted, removed, stale);
    }

    private static List<String> removed(Path dir, Generation generation, Manifest previous, String implPackagePath) throws IOException {
        Set<String> now = new LinkedHashSet<>(generation.operations());
        Set<String> out = new TreeSet<>();
        for (String op : previous.operations) {
            if (!now.contains(op)) {
                out.add("operation " + op + " is no longer in the spec");
            }
        }
        Path impl = dir.resolve(Layout.MAIN_JAVA).resolve(implPackagePath);
        if (Files.isDirectory(impl)) {
            try (Stream<Path> files = Files.list(impl)) {
                for (Path f : files.sorted().toList()) {
                    String name = f.getFileName().toString();
                    if (name.endsWith("Impl.java") && !now.contains(name.substring(0, name.length() - "Impl.java".length()))) {
                        out.add(dir.relativize(f).toString().replace('\\', '/')
                                + " implements an operation the spec no longer has: delete it and its test");
                    }
                }
            }
        }
        return new ArrayList<>(out);
    }

    private static void put(Path target, byte[] content) throws IOException {
        Files.createDirectories(target.getParent());
        Files.write(target, content);
    }

    /** The previous run's operations and generated files. */
    private record Manifest(List<String> operations, List<String> files) {
        static Manifest read(Path file) throws IOException {
            List<String> ops = new ArrayList<>();
            List<String> files = new ArrayList<>();
            if (Files.isRegularFile(file)) {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    if (line.startsWith("operation ")) {
                        ops.add(line.substring("operation ".length()));
                    } else if (line.startsWith("file ")) {
                        files.add(line.substring("file ".length()));
                    }
                }
            }
            return new Manifest(ops, files);
        }

        static void write(Path file, List<String> operations, Set<String> files) throws IOException {
            StringBuilder b = new StringBuilder("# lumen-codegen: what the last generation wrote (to report removed operations)\n");
            operations.stream().sorted().forEach(o -> b.append("operation ").append(o).append('\n'));
            files.forEach(f -> b.append("file ").append(f).append('\n'));
            put(file, b.toString().getBytes(StandardCharsets.UTF_8));
        }
    }
}
