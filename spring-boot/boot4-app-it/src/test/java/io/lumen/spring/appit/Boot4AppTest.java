package io.lumen.spring.appit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A Boot 4.1 application with only the starter added (Tomcat excluded) builds and passes its own
 * {@code @SpringBootTest(RANDOM_PORT)}: Lumen's chain in front of its controller, on Lumen's Undertow,
 * with its own context path. Built with this repository's Maven wrapper, offline, against the build's
 * local repository, as codegen-it builds generated projects.
 */
class Boot4AppTest {
    private static final long BUILD_MINUTES = 8;

    @Test
    void aBoot4ApplicationWithOnlyTheStarterBuildsAndPassesItsOwnTests() throws Exception {
        Path root = Path.of(System.getProperty("lumen.it.root", "../..")).toAbsolutePath().normalize();
        Path repo = Path.of(System.getProperty("lumen.it.repo", System.getProperty("user.home") + "/.m2/repository"));
        String version = System.getProperty("lumen.it.version", "0.1.0-SNAPSHOT");
        if (!Files.isDirectory(repo.resolve("io/lumen/lumen-spring-boot4-starter/" + version))) {
            String why = "lumen-spring-boot4-starter " + version + " is not installed in " + repo + " (run ./mvnw install)";
            if ("true".equals(System.getenv("CI"))) {
                fail(why);
            }
            Assumptions.abort(why);
        }
        Path app = copyApp(Path.of("target/it/boot4-app").toAbsolutePath(), Map.of(
                "@LUMEN_VERSION@", version,
                "@BOOT_VERSION@", System.getProperty("lumen.it.bootVersion"),
                "@COMPILER_VERSION@", System.getProperty("lumen.it.compilerVersion"),
                "@SUREFIRE_VERSION@", System.getProperty("lumen.it.surefireVersion"),
                "@RESOURCES_VERSION@", System.getProperty("lumen.it.resourcesVersion"),
                "@JAR_VERSION@", System.getProperty("lumen.it.jarVersion")));
        Path log = app.resolve("build.log");
        Process p = new ProcessBuilder(root.resolve("mvnw").toString(), "-B", "-o", "-Dmaven.repo.local=" + repo,
                "-f", app.resolve("pom.xml").toString(), "verify")
                .directory(root.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(BUILD_MINUTES, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail("the application's build took more than " + BUILD_MINUTES + " minutes");
        }
        String output = Files.readString(log);
        assertEquals(0, p.exitValue(), output);
        assertEquals(3, testsPassed(app), output);
        assertTrue(output.contains("Lumen's server for Spring Boot 4"), "the application ran on Lumen's server: " + output);
    }

    /** The application under target/, its placeholders filled in. */
    private static Path copyApp(Path target, Map<String, String> values) throws IOException, URISyntaxException {
        Path source = Path.of(Boot4AppTest.class.getResource("/boot4-app").toURI());
        if (Files.exists(target)) {
            try (Stream<Path> old = Files.walk(target)) {
                for (Path f : old.sorted((a, b) -> b.compareTo(a)).toList()) {
                    Files.delete(f);
                }
            }
        }
        try (Stream<Path> files = Files.walk(source)) {
            for (Path f : files.toList()) {
                Path to = target.resolve(source.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                    continue;
                }
                String text = Files.readString(f, StandardCharsets.UTF_8);
                for (Map.Entry<String, String> v : values.entrySet()) {
                    text = text.replace(v.getKey(), v.getValue());
                }
                Files.writeString(to, text, StandardCharsets.UTF_8);
            }
        }
        return target;
    }

    private static int testsPassed(Path app) throws IOException {
        int passed = 0;
        Pattern line = Pattern.compile("Tests run: (\\d+), Failures: (\\d+), Errors: (\\d+)");
        try (Stream<Path> s = Files.list(app.resolve("target/surefire-reports"))) {
            for (Path f : s.filter(x -> x.toString().endsWith(".txt")).toList()) {
                Matcher m = line.matcher(Files.readString(f));
                if (m.find() && m.group(2).equals("0") && m.group(3).equals("0")) {
                    passed += Integer.parseInt(m.group(1));
                }
            }
        }
        return passed;
    }
}
