package io.lumen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * cli/bin/lumen with a small jar in place of lumen.jar: the first run writes the class-data-sharing
 * archive, later runs map it, another jar gets its own, LUMEN_CDS=off writes none, and the program's
 * output and exit code are the same every time.
 */
@DisabledOnOs(OS.WINDOWS)
class LauncherTest {
    private static final Path LAUNCHER = Path.of("bin/lumen").toAbsolutePath();
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir Path tmp;

    @Test
    void firstRunWritesTheArchiveLaterRunsMapIt() throws Exception {
        Path jar = helloJar();
        Path cds = tmp.resolve("cds");
        Map<String, String> env = Map.of("LUMEN_JAR", jar.toString(), "LUMEN_CDS_DIR", cds.toString(), "JAVA", JAVA);

        assertEquals("hello generate,x\n", run(env, "generate", "x"));
        assertEquals(List.of("lumen-generate-"), archives(cds), "one archive, named by command, no partial file left");
        // -Xshare:on stops the JVM when the archive cannot be mapped: this run proves it is used
        assertEquals("hello generate,y\n", run(with(env, "LUMEN_JAVA_OPTS", "-Xshare:on"), "generate", "y"));

        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 120_000));
        assertEquals("hello generate,z\n", run(env, "generate", "z"));
        assertEquals(List.of("lumen-generate-", "lumen-generate-"), archives(cds), "a changed jar gets its own archive");

        assertEquals("hello check\n", run(with(env, "LUMEN_CDS", "off"), "check"));
        assertEquals(2, archives(cds).size(), "LUMEN_CDS=off writes no archive");
        assertEquals("hello check\n", run(env, "check"));
        assertTrue(archives(cds).contains("lumen-check-"), "one per command");
    }

    @Test
    void anExitCodeIsKeptAndAFailedFirstRunLeavesNoArchive() throws Exception {
        Path cds = tmp.resolve("cds");
        Map<String, String> env = Map.of("LUMEN_JAR", helloJar().toString(), "LUMEN_CDS_DIR", cds.toString(), "JAVA", JAVA);
        Process p = start(env, "generate", "fail");
        assertEquals(3, p.waitFor());
        assertEquals(List.of(), archives(cds));
    }

    private static Map<String, String> with(Map<String, String> env, String key, String value) {
        Map<String, String> out = new HashMap<>(env);
        out.put(key, value);
        return out;
    }

    private String run(Map<String, String> env, String... args) throws Exception {
        Process p = start(env, args);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out;
    }

    private Process start(Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("sh", LAUNCHER.toString()));
        command.addAll(List.of(args));
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true);
        b.environment().remove("LUMEN_JAVA_OPTS");
        b.environment().putAll(env);
        return b.start();
    }

    /** The archives' names without their checksum, sorted. */
    private static List<String> archives(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString())
                    .map(n -> n.endsWith(".jsa") ? n.substring(0, n.lastIndexOf('-') + 1) : n).sorted().toList();
        }
    }

    /** A jar whose main prints "hello" and its arguments, and exits 3 when the last one is "fail". */
    private Path helloJar() throws IOException {
        Path src = tmp.resolve("src/Hello.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, "public class Hello { public static void main(String[] a) {"
                + " System.out.println(\"hello \" + String.join(\",\", a));"
                + " if (a.length > 0 && a[a.length - 1].equals(\"fail\")) System.exit(3); } }");
        Path classes = tmp.resolve("classes");
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), src.toString()));
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "Hello");
        Path jar = tmp.resolve("hello.jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            out.putNextEntry(new JarEntry("Hello.class"));
            out.write(Files.readAllBytes(classes.resolve("Hello.class")));
            out.closeEntry();
        }
        return jar;
    }
}
