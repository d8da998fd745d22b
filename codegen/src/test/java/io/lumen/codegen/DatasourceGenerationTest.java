package io.lumen.codegen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --datasource} and the spec's {@code x-lumen-datasource}: what a project gets with a
 * database (pom, datasource.yml, migration, blocking implementations holding the pool, readiness
 * route, README), what it does not get without one, which of the two sources wins, the errors for
 * bad values, and a generated project that serves with its pool ready and an implementation that
 * uses the DataSource off the IO thread.
 */
class DatasourceGenerationTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @TempDir
    Path dir;

    @Test
    void withoutTheOptionTheProjectHasNoDatabase() throws Exception {
        GeneratedProject project = GeneratedProject.generate(GeneratedProject.spec("petshop-array.yaml"), dir);
        assertEquals(0, project.exit, project.err);
        assertFalse(Files.exists(dir.resolve("config/datasource.yml")));
        assertFalse(Files.exists(dir.resolve("src/main/resources/db/migration")));
        assertFalse(Files.exists(dir.resolve("src/test/java/com/example/petshop/DatabaseTest.java")));
        String pom = read("pom.xml");
        assertFalse(pom.contains("lumen-datasource"), pom);
        assertFalse(pom.contains("h2"), pom);
        assertFalse(pom.contains("<datasource"), pom);
        assertFalse(read("target/generated-resources/lumen/config/handler.yml").contains("/health/readiness"));
        String impl = read("src/main/java/com/example/petshop/impl/ListAnimalsImpl.java");
        assertTrue(impl.contains("implements ListAnimalsApi {"), impl);
        assertFalse(impl.contains("DataSources"), impl);
        assertFalse(read("README.md").contains("## Database"));
        assertFalse(read(".gitignore").contains("data/"));
    }

    @Test
    void theOptionAddsTheModuleTheH2DriverAPoolAMigrationAndBlockingImplementationsHoldingThePool() throws Exception {
        GeneratedProject project = GeneratedProject.generate(GeneratedProject.spec("petshop-array.yaml"), dir, "--datasource");
        assertEquals(0, project.exit, project.err);
        String pom = read("pom.xml");
        assertTrue(pom.contains("<dependency><groupId>io.lumen</groupId><artifactId>lumen-datasource</artifactId></dependency>"), pom);
        assertTrue(pom.contains("<dependency><groupId>com.h2database</groupId><artifactId>h2</artifactId><scope>runtime</scope></dependency>"), pom);
        assertFalse(pom.contains("postgresql"), pom);
        // the plugin regenerates the same route table: it is told what the command line asked
        assertTrue(pom.contains("<datasource>true</datasource>"), pom);
        String yml = read("config/datasource.yml");
        assertTrue(yml.contains("'main':\n  jdbcUrl: ${datasource.main.jdbcUrl:jdbc:h2:file:./data/main/main}\n"), yml);
        assertTrue(yml.contains("username: ${datasource.main.username:sa}"), yml);
        assertTrue(yml.contains("password: ${datasource.main.password:}"), yml);
        assertTrue(yml.contains("maximumPoolSize: ${datasource.main.maximumPoolSize:10}"), yml);
        assertTrue(yml.contains("enabled: ${datasource.main.migration:true}"), yml);
        assertTrue(yml.contains("locations: ${datasource.main.migrationLocations:classpath:db/migration}"), yml);
        String migration = read("src/main/resources/db/migration/V1__baseline.sql");
        assertTrue(migration.lines().allMatch(l -> l.startsWith("--")), migration);
        String routes = read("target/generated-resources/lumen/config/handler.yml");
        assertTrue(routes.contains("{path: '/health/readiness', method: GET, exec: [readiness]}"), routes);
        assertTrue(routes.contains("{path: '/health/liveness', method: GET, exec: [liveness]}"), routes);
        for (String op : new String[] {"ListAnimals", "AddAnimal", "GetAnimal", "SellAnimal"}) {
            String impl = read("src/main/java/com/example/petshop/impl/" + op + "Impl.java");
            assertTrue(impl.contains("implements " + op + "Api, Blocking {"), impl);
            assertTrue(impl.contains("this.db = DataSources.of(context).pool(\"main\");"), impl);
            assertTrue(impl.contains("return " + op + "Api.super."), impl);
        }
        String support = read("src/test/java/com/example/petshop/TestSupport.java");
        assertTrue(support.contains(".value(\"datasource.main.jdbcUrl\", \"jdbc:h2:mem:main;DB_CLOSE_DELAY=-1\")"), support);
        assertTrue(Files.exists(dir.resolve("src/test/java/com/example/petshop/DatabaseTest.java")));
        String readme = read("README.md");
        assertTrue(readme.contains("## Database"), readme);
        assertTrue(readme.contains("DATASOURCE_MAIN_JDBCURL"), readme);
        assertTrue(read(".gitignore").contains("data/"));
        assertTrue(read("Dockerfile").contains("RUN mkdir -p /app/data && chown 10001 /app/data"));
        assertTrue(read("config/values.yml").contains("# datasource.main.jdbcUrl:"));
    }

    @Test
    void theSpecExtensionChoosesPostgresqlAndThePoolAndTheCommandLineWinsKeyByKey() throws Exception {
        Path spec = specWith("x-lumen-datasource: {name: orders, driver: postgresql, migrations: true}\n");
        Path pg = dir.resolve("pg");
        GeneratedProject project = GeneratedProject.generate(spec, pg);
        assertEquals(0, project.exit, project.err);
        String pom = Files.readString(pg.resolve("pom.xml"));
        assertTrue(pom.contains("<groupId>org.postgresql</groupId><artifactId>postgresql</artifactId><scope>runtime</scope>"), pom);
        assertTrue(pom.contains("<artifactId>flyway-database-postgresql</artifactId><scope>runtime</scope>"), pom);
        assertTrue(pom.contains("<groupId>com.h2database</groupId><artifactId>h2</artifactId><scope>test</scope>"), pom);
        assertFalse(pom.contains("<version>" + "42"), pom); // versions come from lumen-bom
        assertFalse(pom.contains("<datasource"), pom); // the plugin reads the spec itself
        String yml = Files.readString(pg.resolve("config/datasource.yml"));
        assertTrue(yml.contains("'orders':\n  jdbcUrl: ${datasource.orders.jdbcUrl:jdbc:postgresql://localhost:5432/pet_shop}"), yml);
        assertTrue(Files.readString(pg.resolve("src/main/java/com/example/petshop/impl/GetAnimalImpl.java"))
                .contains("DataSources.of(context).pool(\"orders\")"));
        assertTrue(Files.readString(pg.resolve("src/test/java/com/example/petshop/TestSupport.java"))
                .contains("jdbc:h2:mem:orders;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DB_CLOSE_DELAY=-1"));

        Path h2 = dir.resolve("h2");
        project = GeneratedProject.generate(spec, h2, "--datasource-driver", "h2", "--datasource-migrations", "false");
        assertEquals(0, project.exit, project.err);
        pom = Files.readString(h2.resolve("pom.xml"));
        assertTrue(pom.contains("<artifactId>h2</artifactId><scope>runtime</scope>"), pom);
        assertFalse(pom.contains("postgresql"), pom);
        assertTrue(pom.contains("<datasourceDriver>h2</datasourceDriver>"), pom);
        assertTrue(pom.contains("<datasourceMigrations>false</datasourceMigrations>"), pom);
        assertTrue(Files.readString(h2.resolve("config/datasource.yml")).contains("'orders':"), "the name still comes from the spec");
        assertTrue(Files.readString(h2.resolve("config/datasource.yml")).contains("enabled: ${datasource.orders.migration:false}"));
        assertFalse(Files.exists(h2.resolve("src/main/resources/db/migration")));

        Path none = dir.resolve("none");
        project = GeneratedProject.generate(spec, none, "--no-datasource");
        assertEquals(0, project.exit, project.err);
        assertFalse(Files.exists(none.resolve("config/datasource.yml")));
        assertTrue(Files.readString(none.resolve("pom.xml")).contains("<datasource>false</datasource>"));
        assertFalse(Files.readString(none.resolve("target/generated-resources/lumen/config/handler.yml")).contains("readiness"));
    }

    @Test
    void aBooleanExtensionSwitchesTheDefaultsOnOrOff() throws Exception {
        GeneratedProject on = GeneratedProject.generate(specWith("x-lumen-datasource: true\n"), dir.resolve("on"));
        assertEquals(0, on.exit, on.err);
        assertTrue(Files.readString(dir.resolve("on/config/datasource.yml")).contains("'main':\n  jdbcUrl: ${datasource.main.jdbcUrl:jdbc:h2:"));
        GeneratedProject off = GeneratedProject.generate(specWith("x-lumen-datasource: false\n"), dir.resolve("off"));
        assertEquals(0, off.exit, off.err);
        assertFalse(Files.exists(dir.resolve("off/config/datasource.yml")));
        GeneratedProject forced = GeneratedProject.generate(specWith("x-lumen-datasource: false\n"), dir.resolve("forced"), "--datasource-name", "db");
        assertEquals(0, forced.exit, forced.err);
        assertTrue(Files.readString(dir.resolve("forced/config/datasource.yml")).contains("'db':"));
    }

    @Test
    void badExtensionValuesNameTheSpecFileTheLineAndTheKey() throws Exception {
        assertSpecError("x-lumen-datasource: {driver: mysql}\n", "/x-lumen-datasource/driver: driver 'mysql': one of h2, postgresql");
        assertSpecError("x-lumen-datasource: {name: main, pool: x}\n", "/x-lumen-datasource/pool: unknown key 'pool'");
        assertSpecError("x-lumen-datasource: {migrations: 'yes'}\n", "/x-lumen-datasource/migrations: must be true or false; found 'yes'");
        assertSpecError("x-lumen-datasource: {name: 'my pool'}\n", "/x-lumen-datasource/name: pool name 'my pool'");
        assertSpecError("x-lumen-datasource: {name: 3}\n", "/x-lumen-datasource/name: must be a non-empty string; found 3");
        assertSpecError("x-lumen-datasource: postgresql\n", "/x-lumen-datasource: must be true, false or an object");
    }

    @Test
    void badCommandLineValuesAreUsageErrors() {
        GeneratedProject driver = GeneratedProject.generate(GeneratedProject.spec("petshop-array.yaml"), dir.resolve("a"),
                "--datasource-driver", "oracle");
        assertEquals(2, driver.exit);
        assertTrue(driver.err.contains("driver 'oracle': one of h2, postgresql"), driver.err);
        GeneratedProject name = GeneratedProject.generate(GeneratedProject.spec("petshop-array.yaml"), dir.resolve("b"),
                "--datasource-name", "a.b");
        assertEquals(2, name.exit);
        assertTrue(name.err.contains("datasource name 'a.b'"), name.err);
        GeneratedProject both = GeneratedProject.generate(GeneratedProject.spec("petshop-array.yaml"), dir.resolve("c"),
                "--no-datasource", "--datasource-driver", "h2");
        assertEquals(2, both.exit);
        assertTrue(both.err.contains("switched off"), both.err);
        assertFalse(Files.exists(dir.resolve("a")) || Files.exists(dir.resolve("b")) || Files.exists(dir.resolve("c")));
    }

    @Test
    void theGeneratedServiceIsReadyWithItsPoolAndAnImplementationUsesTheDataSourceOffTheIoThread() throws Exception {
        GeneratedProject project = GeneratedProject.generate(GeneratedProject.spec("petshop-array.yaml"), dir, "--datasource");
        assertEquals(0, project.exit, project.err);
        useTheDataSource(dir.resolve("src/main/java/com/example/petshop/impl/ListAnimalsImpl.java"));
        assertEquals("", project.compile());
        String db = "jdbc:h2:mem:" + dir.getFileName() + ";DB_CLOSE_DELAY=-1";
        // the first connection (and the migration) may take longer than the generated 3 s on a loaded machine
        try (GeneratedProject.Running running = project.start(Map.of("datasource.main.jdbcUrl", db,
                "datasource.main.connectionTimeout", "60000"))) {
            String base = running.service().httpUri().orElseThrow().toString();
            HttpResponse<String> ready = get(base + "/health/readiness");
            assertEquals(200, ready.statusCode(), ready.body());
            HttpResponse<String> list = get(base + "/api/animals");
            assertEquals(200, list.statusCode(), list.body());
            // V1__baseline ran (Flyway's history has it), read through the pool the stub holds, on a blocking thread
            assertEquals("V1__baseline.sql", list.headers().firstValue("X-Migration").orElse(null), list.headers().toString());
            assertEquals("false", list.headers().firstValue("X-In-Io-Thread").orElse(null));
            assertEquals(200, get(base + "/health/liveness").statusCode());
        }
    }

    /** Edits the generated implementation the way a user would: a query through the pool it holds. */
    static void useTheDataSource(Path impl) throws IOException {
        String text = Files.readString(impl);
        String stub = "return ListAnimalsApi.super.listAnimals(request, exchange);";
        assertTrue(text.contains(stub), text);
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
    }

    private static HttpResponse<String> get(String uri) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(uri)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private void assertSpecError(String extension, String expected) throws Exception {
        Path spec = specWith(extension);
        GeneratedProject project = GeneratedProject.generate(spec, dir.resolve("bad"));
        assertEquals(3, project.exit, project.err);
        int line = (int) Files.readString(spec).lines().takeWhile(l -> !l.startsWith("x-lumen-datasource")).count() + 1;
        assertTrue(project.err.contains(spec + ":" + line), project.err);
        assertTrue(project.err.contains(expected), project.err);
        assertFalse(Files.exists(dir.resolve("bad")));
    }

    /** petshop-array.yaml with {@code extension} added at the root, after info. */
    private Path specWith(String extension) throws IOException {
        String text = Files.readString(GeneratedProject.spec("petshop-array.yaml"));
        int paths = text.indexOf("\npaths:");
        Path spec = Files.createTempFile(dir, "spec", ".yaml");
        Files.writeString(spec, text.substring(0, paths + 1) + extension + text.substring(paths + 1));
        return spec;
    }

    private String read(String path) throws IOException {
        return Files.readString(dir.resolve(path));
    }
}
