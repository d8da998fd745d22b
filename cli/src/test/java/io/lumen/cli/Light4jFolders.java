package io.lumen.cli;

import io.lumen.cli.migrate.MigrationReport;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The real light-4j folders the light-4j compatibility tests keep in proxy/src/test/resources/light4j
 * (its README names repository, path, commit and licence), and running the command line on them.
 */
public final class Light4jFolders {
    private Light4jFolders() {
    }

    /** The folder {@code light4j/<name>} ({@code light-proxy}, {@code light-gateway}, {@code petstore}, {@code petstore-codegen}). */
    public static Path folder(String name) {
        Path folder = Path.of("../proxy/src/test/resources/light4j", name).toAbsolutePath().normalize();
        if (!Files.isDirectory(folder)) {
            throw new IllegalStateException(folder + " not found: the tests run from the cli module's folder");
        }
        return folder;
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

    /** Every file of {@code dir}, relative path to its bytes in Base64 (key stores are binary). */
    public static Map<String, String> files(Path dir) {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(p).toString(), Base64.getEncoder().encodeToString(Files.readAllBytes(p)));
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
