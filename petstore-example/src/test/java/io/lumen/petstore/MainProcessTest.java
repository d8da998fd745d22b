package io.lumen.petstore;

import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generic main in a real JVM process, as users run it: config errors print one line and exit
 * 1; SIGTERM drains and exits 0.
 */
class MainProcessTest {
    /** How long a JVM may take to start, answer or exit: generous, for a machine busy with other builds. */
    private static final Duration EXIT_WAIT = Duration.ofSeconds(180);

    @TempDir
    Path dir;

    private Process launch(Path configDir, String... env) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                "-Dlight-4j-config-dir=" + configDir, "io.lumen.service.Main"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(false);
        for (int i = 0; i + 1 < env.length; i += 2) {
            pb.environment().put(env[i], env[i + 1]);
        }
        return pb.start();
    }

    private static String read(InputStream in) throws IOException {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return r.lines().collect(Collectors.joining("\n"));
        }
    }

    @Test
    void aDatabaseThatCannotBeUsedStopsStartupWithOneLineAndExit1() throws Exception {
        Path db = Path.of("../config/petstore/db");
        String file = db.resolve("datasource.yml").toString();
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort(); // nothing listens there once closed
        }
        String url = "jdbc:postgresql://127.0.0.1:" + closed + "/petstore";
        // failFast waits connectionTimeout for the refused attempts; 500 ms could pass before the first attempt ran on a loaded machine
        Process unreachable = launch(db, "DATASOURCE_PETSTORE_JDBCURL", url, "DATASOURCE_PETSTORE_CONNECTIONTIMEOUT", "5000",
                "SERVER_HTTPPORT", "0");
        assertTrue(unreachable.waitFor(EXIT_WAIT.toSeconds(), TimeUnit.SECONDS));
        assertEquals(1, unreachable.exitValue());
        String err = read(unreachable.getErrorStream()).strip();
        assertTrue(err.startsWith("lumen: config error: " + file + ":10: petstore.jdbcUrl: cannot connect to " + url
                + " as 'sa': Connection to 127.0.0.1:" + closed + " refused"), err);
        assertFalse(err.contains("\n"), err);

        Process noDriver = launch(db, "DATASOURCE_PETSTORE_JDBCURL", "jdbc:mysql://127.0.0.1/petstore", "SERVER_HTTPPORT", "0");
        assertTrue(noDriver.waitFor(EXIT_WAIT.toSeconds(), TimeUnit.SECONDS));
        assertEquals(1, noDriver.exitValue());
        String missing = read(noDriver.getErrorStream()).strip();
        assertTrue(missing.startsWith("lumen: config error: " + file + ":10: petstore.jdbcUrl: no JDBC driver on the classpath "
                + "accepts jdbc:mysql://127.0.0.1/petstore"), missing);
        assertFalse(missing.contains("\n"), missing);
    }

    @Test
    void configErrorPrintsOneLineNamingFileLineAndKeyAndExits1() throws Exception {
        Files.writeString(dir.resolve("server.yml"), "httpPort: 8080\nioThreads: lots\n");
        Process p = launch(dir);
        assertTrue(p.waitFor(EXIT_WAIT.toSeconds(), TimeUnit.SECONDS));
        assertEquals(1, p.exitValue());
        String err = read(p.getErrorStream()).strip();
        assertEquals("lumen: config error: " + dir.resolve("server.yml") + ":2: ioThreads: expected an integer but got 'lots'", err);
    }

    @Test
    void unresolvedPlaceholderFailsStartupNamingTheKey() throws Exception {
        Files.writeString(dir.resolve("server.yml"), "serviceId: x\nhttpPort: ${my.port}\n");
        Process p = launch(dir);
        assertTrue(p.waitFor(EXIT_WAIT.toSeconds(), TimeUnit.SECONDS));
        assertEquals(1, p.exitValue());
        String err = read(p.getErrorStream()).strip();
        assertTrue(err.startsWith("lumen: config error: " + dir.resolve("server.yml") + ":2: httpPort: "), err);
        assertTrue(err.contains("MY_PORT"), err);
        assertFalse(err.contains("\n"), err);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Polls until the service answers (bounded), then returns the response. */
    private static HttpResponse<String> awaitFirstResponse(URI uri) {
        HttpClient client = HttpClient.newHttpClient();
        return Await.until(() -> {
            try {
                return client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
            } catch (IOException notYet) {
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + uri, e);
            }
        }, r -> r != null, EXIT_WAIT, "the service at " + uri + " answers");
    }

    @Test
    void defaultLoggingWritesLogLinesAndAuditJsonLinesToStdout() throws Exception {
        Files.writeString(dir.resolve("server.yml"), "httpPort: ${server.httpPort:0}\n");
        Files.writeString(dir.resolve("handler.yml"), """
                handlers: [io.lumen.petstore.PetsGetHandler@listPets]
                paths: [{path: /v1/pets, method: GET, exec: [correlation, audit, listPets]}]
                """);
        int port = freePort();
        Process p = launch(dir, "SERVER_HTTPPORT", String.valueOf(port));
        try {
            assertEquals(200, awaitFirstResponse(URI.create("http://127.0.0.1:" + port + "/v1/pets")).statusCode());
            new ProcessBuilder("kill", "-TERM", String.valueOf(p.pid())).start().waitFor();
            assertTrue(p.waitFor(EXIT_WAIT.toSeconds(), TimeUnit.SECONDS));
            String out = read(p.getInputStream());
            assertTrue(out.lines().anyMatch(l -> l.contains(" INFO ") && l.contains("started in")), out);
            assertTrue(out.lines().anyMatch(l -> l.startsWith("{\"timestamp\":") && l.contains("\"path\":\"/v1/pets\"")
                    && l.contains("\"status\":200") && l.contains("\"correlationId\":")), out);
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aLogbackXmlInTheConfigDirIsUsed() throws Exception {
        Files.writeString(dir.resolve("logback.xml"), """
                <configuration>
                  <appender name="out" class="ch.qos.logback.core.ConsoleAppender">
                    <encoder><pattern>CUSTOM %msg%n</pattern></encoder>
                  </appender>
                  <root level="INFO"><appender-ref ref="out"/></root>
                </configuration>
                """);
        Files.writeString(dir.resolve("server.yml"), "httpPort: ${server.httpPort:0}\n");
        Files.copy(Path.of("../config/petstore/http/handler.yml"), dir.resolve("handler.yml"));
        int port = freePort();
        Process p = launch(dir, "SERVER_HTTPPORT", String.valueOf(port));
        try {
            assertEquals(200, awaitFirstResponse(URI.create("http://127.0.0.1:" + port + "/v1/pets")).statusCode());
            new ProcessBuilder("kill", "-TERM", String.valueOf(p.pid())).start().waitFor();
            assertTrue(p.waitFor(EXIT_WAIT.toSeconds(), TimeUnit.SECONDS));
            String out = read(p.getInputStream());
            assertTrue(out.lines().anyMatch(l -> l.startsWith("CUSTOM ") && l.contains("started in")), out);
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void sigtermDrainsAndExitsZero() throws Exception {
        int port = freePort();
        Process p = launch(Path.of("../config/petstore/http").toAbsolutePath(), "SERVER_HTTPPORT", String.valueOf(port));
        try {
            HttpResponse<String> r = awaitFirstResponse(URI.create("http://127.0.0.1:" + port + "/v1/pets"));
            assertEquals(PetstoreHttpTest.REFERENCE, r == null ? null : r.body());
            assertTrue(File.separatorChar == '/', "signals are POSIX");
            new ProcessBuilder("kill", "-TERM", String.valueOf(p.pid())).start().waitFor();
            assertTrue(p.waitFor(EXIT_WAIT.toSeconds(), TimeUnit.SECONDS), "exits after SIGTERM");
            assertEquals(0, p.exitValue());
        } finally {
            p.destroyForcibly();
        }
    }
}
