package io.lumen.cli;

import io.lumen.cli.migrate.MigrationReport;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The real light-4j folders under test resources light4j/ (see its README), and running the command line on them. */
public final class Light4jFolders {
    private Light4jFolders() {
    }

    /** The folder {@code light4j/<name>} of the test resources. */
    public static Path folder(String name) {
        try {
            return Path.of(Light4jFolders.class.getResource("/light4j/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The exit code and what was printed. */
    public record Run(int exit, String out, String err) {
    }

    public static Run lumen(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = LumenCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    /** Every file of {@code dir}, relative path to content. */
    public static Map<String, String> files(Path dir) {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(p).toString(), Files.readString(p));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /** The report migrate wrote into {@code dir}. */
    public static String report(Path dir) {
        try {
            return Files.readString(dir.resolve(MigrationReport.FILE));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
