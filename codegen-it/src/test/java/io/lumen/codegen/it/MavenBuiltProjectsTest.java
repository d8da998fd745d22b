package io.lumen.codegen.it;

import io.lumen.codegen.cli.CodegenCli;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What a user does: generate a project, build it with the two README commands (Maven, then the
 * jar), change the spec and build again. Two specs, OpenAPI 3.0 and 3.1, and a project generated
 * with {@code --datasource} (H2 by default); every Maven run is offline against this build's local
 * repository and bounded in time.
 */
class MavenBuiltProjectsTest {
    private static final long BUILD_MINUTES = 5;
    private static Path root;
    private static Path repo;
    private static Path work;

    @BeforeAll
    static void lumenIsInstalled() throws IOException {
        root = Path.of(System.getProperty("lumen.it.root", "..")).toAbsolutePath().normalize();
        repo = Path.of(System.getProperty("lumen.it.repo", System.getProperty("user.home") + "/.m2/repository"));
        String version = System.getProperty("lumen.it.version", "0.1.0-SNAPSHOT");
        Path plugin = repo.resolve("io/lumen/lumen-codegen-maven-plugin/" + version);
        Path bom = repo.resolve("io/lumen/lumen-bom/" + version);
        if (!Files.isDirectory(plugin) || !Files.isDirectory(bom)) {
            String why = "Lumen " + version + " is not installed in " + repo + ": generated projects need it (run ./mvnw install)";
            if ("true".equals(System.getenv("CI"))) {
                fail(why);
            }
            Assumptions.abort(why);
        }
        work = Files.createDirectories(Path.of("target/it").toAbsolutePath());
    }

    @Test
    void anOpenApi30ProjectBuildsPassesItsTestsAndRunsWithTheReadmeCommands() throws Exception {
        Path project = generate("petshop-array.yaml", "petshop");
        Build build = maven(project, "verify");
        assertEquals(0, build.exit, build.log);
        assertEquals(4, testsPassed(project), build.log);
        try (Service service = Service.start(project, "pet-shop")) {
            HttpResponse<String> r = service.get("/api/animals");
            assertEquals(200, r.statusCode(), r.body());
            assertTrue(r.body().startsWith("[{\"id\":1,"), r.body());
            assertEquals(200, service.get("/specui.html").statusCode());
            String spec = service.get("/specui/spec.json").body();
            assertTrue(spec.contains("\"servers\":[{\"url\":\"" + service.base + "/api\""), spec);
        }
    }

    @Test
    void anOpenApi31ProjectBuildsAndTheMavenPluginRoutesAnOperationAddedToTheSpec() throws Exception {
        Path project = generate("kitchen-31.yaml", "kitchen");
        Build first = maven(project, "verify");
        assertEquals(0, first.exit, first.log);
        assertEquals(4, testsPassed(project), first.log);

        Build unchanged = maven(project, "package", "-DskipTests");
        assertEquals(0, unchanged.exit, unchanged.log);
        assertTrue(unchanged.log.contains("unchanged, generated layer up to date"), unchanged.log);

        Path spec = project.resolve("config/openapi.yaml");
        Files.writeString(spec, Files.readString(spec).replace("  /grid:\n", """
                  /menu/{day}:
                    get:
                      operationId: todaysMenu
                      parameters:
                        - {name: day, in: path, required: true, schema: {type: string, format: date}}
                      responses:
                        '200':
                          description: the dishes of a day
                          content:
                            application/json:
                              schema:
                                type: array
                                items: {$ref: '#/components/schemas/Dish'}
                  /grid:
                """));
        Build second = maven(project, "package", "-DskipTests");
        assertEquals(0, second.exit, second.log);
        assertTrue(second.log.contains("TodaysMenu has no implementation"), second.log);
        try (Service service = Service.start(project, "order-kitchen")) {
            HttpResponse<String> menu = service.get("/api/v3/menu/2024-05-01");
            assertEquals(200, menu.statusCode(), menu.body());
            assertTrue(menu.body().contains("\"kind\":\"soup\""), menu.body());
            assertEquals(200, service.get("/api/v3/grid").statusCode());
        }
    }

    @Test
    void aProjectWithADatabaseBuildsRunsReadyOnItsH2FileAndAnImplementationReadsThroughItsPool() throws Exception {
        Path project = generate("petshop-array.yaml", "petshop-db", "--datasource");
        // what a user does first: the generated implementation queries the pool it holds
        Path impl = project.resolve("src/main/java/com/example/petshop/impl/ListAnimalsImpl.java");
        String stub = "return ListAnimalsApi.super.listAnimals(request, exchange);";
        String text = Files.readString(impl);
        assertTrue(text.contains("this.db = DataSources.of(context).pool(\"main\");"), text);
        Files.writeString(impl, text.replace(stub, """
                try (java.sql.Connection c = db.dataSource().getConnection();
                             java.sql.ResultSet r = c.createStatement().executeQuery(
                                     "select \\"script\\" from \\"flyway_schema_history\\" where \\"version\\" = '1' and \\"success\\"")) {
                            exchange.getResponseHeaders().put(io.undertow.util.HttpString.tryFromString("X-Migration"),
                                    r.next() ? r.getString(1) : "none");
                            exchange.getResponseHeaders().put(io.undertow.util.HttpString.tryFromString("X-In-Io-Thread"),
                                    String.valueOf(exchange.isInIoThread()));
                        } catch (java.sql.SQLException e) {
                            throw db.failure(e);
                        }
                        """ + stub));
        Build build = maven(project, "verify");
        assertEquals(0, build.exit, build.log);
        assertEquals(5, testsPassed(project), build.log); // one per operation and DatabaseTest (readiness)
        try (Service service = Service.start(project, "pet-shop")) {
            HttpResponse<String> ready = service.awaitStatus("/health/readiness", 200);
            assertEquals(200, ready.statusCode(), ready.body());
            HttpResponse<String> list = service.get("/api/animals");
            assertEquals(200, list.statusCode(), list.body());
            assertEquals("V1__baseline.sql", list.headers().firstValue("X-Migration").orElse(null), list.headers().toString());
            assertEquals("false", list.headers().firstValue("X-In-Io-Thread").orElse(null));
            assertEquals(200, service.get("/health/liveness").statusCode());
        }
        // the default database: an H2 file under the data folder of where the service ran
        assertTrue(Files.isRegularFile(project.resolve("data/main/main.mv.db")), "no H2 file under " + project.resolve("data"));
    }

    private static Path generate(String spec, String name, String... options) throws IOException {
        Path project = work.resolve(name);
        if (Files.exists(project)) {
            try (Stream<Path> s = Files.walk(project)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> args = new ArrayList<>(List.of("generate", "-i", root.resolve("codegen/src/test/resources/specs/" + spec).toString(),
                "-o", project.toString()));
        args.addAll(List.of(options));
        int exit = CodegenCli.run(args.toArray(new String[0]), new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, exit, err.toString());
        return project;
    }

    private record Build(int exit, String log) {
    }

    private static Build maven(Path project, String... goals) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(root.resolve("mvnw").toString(), "-B", "-o", "-Dmaven.repo.local=" + repo,
                "-f", project.resolve("pom.xml").toString()));
        cmd.addAll(List.of(goals));
        Path log = Files.createTempFile(work, "build", ".log");
        Process p = new ProcessBuilder(cmd).directory(root.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(BUILD_MINUTES, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail("the build of " + project + " took more than " + BUILD_MINUTES + " minutes");
        }
        return new Build(p.exitValue(), Files.readString(log));
    }

    private static int testsPassed(Path project) throws IOException {
        int passed = 0;
        Pattern line = Pattern.compile("Tests run: (\\d+), Failures: (\\d+), Errors: (\\d+)");
        try (Stream<Path> s = Files.list(project.resolve("target/surefire-reports"))) {
            for (Path f : s.filter(p -> p.toString().endsWith(".txt")).toList()) {
                Matcher m = line.matcher(Files.readString(f));
                if (m.find() && m.group(2).equals("0") && m.group(3).equals("0")) {
                    passed += Integer.parseInt(m.group(1));
                }
            }
        }
        return passed;
    }

    /** The jar of a generated project, run as its README says, on a free loopback port. */
    private static final class Service implements AutoCloseable {
        private final Process process;
        private final String base;
        private final HttpClient client = HttpClient.newHttpClient();

        private Service(Process process, String base) {
            this.process = process;
            this.base = base;
        }

        static Service start(Path project, String artifact) throws Exception {
            int port;
            try (ServerSocket s = new ServerSocket(0)) {
                port = s.getLocalPort();
            }
            ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dlight-4j-config-dir=config", "-jar", "target/" + artifact + ".jar")
                    .directory(project.toFile()).redirectErrorStream(true)
                    .redirectOutput(project.resolve("target/service.log").toFile());
            pb.environment().put("SERVER_HTTPPORT", String.valueOf(port));
            pb.environment().put("SERVER_IP", "127.0.0.1");
            Service service = new Service(pb.start(), "http://127.0.0.1:" + port);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline) {
                if (!service.process.isAlive()) {
                    fail("the service exited: " + Files.readString(project.resolve("target/service.log"), StandardCharsets.UTF_8));
                }
                try {
                    if (service.get("/health").statusCode() == 200) {
                        return service;
                    }
                } catch (IOException notYet) {
                    Thread.onSpinWait();
                    service.process.waitFor(50, TimeUnit.MILLISECONDS); // polls the port, bounded by the deadline
                }
            }
            service.close();
            throw new AssertionError("the service did not answer /health within 60 s");
        }

        /** The answer to {@code GET path} once it has {@code status}, or the last one after 30 s. */
        HttpResponse<String> awaitStatus(String path, int status) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            HttpResponse<String> r = get(path);
            while (r.statusCode() != status && System.nanoTime() < deadline) {
                process.waitFor(100, TimeUnit.MILLISECONDS); // polls, bounded by the deadline
                r = get(path);
            }
            return r;
        }

        HttpResponse<String> get(String path) throws Exception {
            return client.send(HttpRequest.newBuilder(URI.create(base + path)).build(), HttpResponse.BodyHandlers.ofString());
        }

        @Override
        public void close() {
            process.destroy();
            try {
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
