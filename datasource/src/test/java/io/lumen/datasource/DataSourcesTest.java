package io.lumen.datasource;

import com.zaxxer.hikari.HikariDataSource;
import io.lumen.config.ConfigException;
import io.lumen.server.Readiness;
import io.lumen.testkit.TestService;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The datasource module on an embedded H2 database, through real HTTP: pools from datasource.yml,
 * migrations, readiness, metrics, the 503 of a busy pool, startup errors as one line naming the
 * file, line and key, and the pool closing only after the shutdown drain.
 */
class DataSourcesTest {
    static final String HANDLERS = """
            handlers:
              - io.lumen.datasource.CounterHandler@count
            paths:
              - {path: /count, method: GET, exec: [exception, count]}
              - {path: /health/readiness, method: GET, exec: [readiness]}
              - {path: /prometheus, method: GET, exec: [prometheus]}
            """;

    @TempDir
    Path dir;
    private TestService service;

    @AfterEach
    void stop() {
        if (service != null) {
            service.close();
        }
    }

    private String h2(String name) {
        // a file database in the test's folder; LOCK_TIMEOUT: a request waiting for a row lock the test holds
        return "jdbc:h2:file:" + dir.resolve(name) + ";LOCK_TIMEOUT=30000";
    }

    private TestService start(String datasourceYml) {
        service = TestService.in(dir).file("handler.yml", HANDLERS).file("datasource.yml", datasourceYml)
                .value("server.shutdownGracefulPeriod", 20000).start();
        return service;
    }

    private JdbcPool pool() {
        return DataSources.of(service.service().context()).pool("main");
    }

    @Test
    void opensThePoolMigratesItAndServesRequests() {
        start("""
                main:
                  jdbcUrl: %s
                  username: sa
                  migration:
                    enabled: true
                """.formatted(h2("counter")));
        assertEquals("1", service.get("/count").body());
        assertEquals("2", service.get("/count").body());
        assertEquals(200, service.get("/health/readiness").statusCode());
        String metrics = service.get("/prometheus").body();
        assertTrue(metrics.contains("hikaricp_connections_max{") && metrics.contains("pool=\"main\""), metrics);
        assertTrue(pool().isAvailable());
    }

    @Test
    void aBusyPoolAnswers503WithTheErrorJsonAfterConnectionTimeout() throws Exception {
        start("""
                main:
                  jdbcUrl: %s
                  username: sa
                  maximumPoolSize: 1
                  connectionTimeout: 300
                  migration: {enabled: true}
                """.formatted(h2("busy")));
        try (Connection lock = DriverManager.getConnection(h2("busy"), "sa", "")) {
            lock.setAutoCommit(false);
            try (Statement s = lock.createStatement()) {
                s.executeUpdate("UPDATE counter SET n = 100 WHERE id = 1"); // holds the row lock
            }
            CompletableFuture<HttpResponse<String>> waiting = TestService.HTTP.sendAsync(
                    HttpRequest.newBuilder(service.uri("/count")).build(), HttpResponse.BodyHandlers.ofString());
            HikariDataSource hikari = pool().dataSource().unwrap(HikariDataSource.class);
            Await.until(() -> hikari.getHikariPoolMXBean().getActiveConnections() == 1,
                    Duration.ofSeconds(10), "the first request to hold the only connection");

            long t0 = System.nanoTime();
            HttpResponse<String> busy = service.get("/count");
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertEquals(503, busy.statusCode(), busy.body());
            assertEquals("application/json", busy.headers().firstValue("Content-Type").orElse(""));
            assertTrue(busy.body().contains("\"code\":\"ERR19041\"") && busy.body().contains("within 300 ms"), busy.body());
            assertTrue(ms >= 250 && ms < 10_000, "answered after " + ms + " ms");
            assertFalse(waiting.isDone());
            lock.commit();
            assertEquals("101", waiting.get(10, TimeUnit.SECONDS).body());
        }
    }

    @Test
    void stopClosesThePoolOnlyAfterInFlightRequestsFinish() throws Exception {
        start("""
                main:
                  jdbcUrl: %s
                  username: sa
                  migration: {enabled: true}
                """.formatted(h2("drain")));
        JdbcPool pool = pool();
        try (Connection lock = DriverManager.getConnection(h2("drain"), "sa", "")) {
            lock.setAutoCommit(false);
            try (Statement s = lock.createStatement()) {
                s.executeUpdate("UPDATE counter SET n = 41 WHERE id = 1");
            }
            // a client of its own: with the class's shared client this request failed about one run in
            // three (EOF, closed channel) when other tests had used it, and never with a fresh one (0 of 10)
            CompletableFuture<HttpResponse<String>> inFlight = HttpClient.newHttpClient().sendAsync(
                    HttpRequest.newBuilder(service.uri("/count")).build(), HttpResponse.BodyHandlers.ofString());
            HikariDataSource hikari = pool.dataSource().unwrap(HikariDataSource.class);
            Await.until(() -> hikari.getHikariPoolMXBean().getActiveConnections() == 1,
                    Duration.ofSeconds(10), "the request to hold a connection");
            CompletableFuture<Void> stopping = CompletableFuture.runAsync(service::close);
            Await.until(() -> service.service().state() == Readiness.State.DRAINING, Duration.ofSeconds(10), "draining");
            assertFalse(pool.isClosed(), "the pool must stay open while a request is in flight");
            lock.commit();
            HttpResponse<String> r = inFlight.get(15, TimeUnit.SECONDS);
            assertEquals(200, r.statusCode(), r.body());
            assertEquals("42", r.body());
            stopping.get(15, TimeUnit.SECONDS);
            assertTrue(pool.isClosed());
        }
        service = null;
    }

    @Test
    void aMissingDriverFailsStartupWithOneLineNamingTheKey() {
        ConfigException e = assertThrows(ConfigException.class, () -> start("""
                main:
                  jdbcUrl: jdbc:nosuchdb://db/x?password=secret
                """));
        assertTrue(e.getMessage().matches(".*datasource\\.yml:2: main\\.jdbcUrl: no JDBC driver on the classpath accepts "
                + "jdbc:nosuchdb://db/x\\?password=\\*\\*\\*\\*: add .*"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        ConfigException missingClass = assertThrows(ConfigException.class, () -> start("""
                main:
                  jdbcUrl: jdbc:h2:mem:x
                  driverClassName: com.example.NoSuchDriver
                """));
        assertTrue(missingClass.getMessage().contains("datasource.yml:3: main.driverClassName: driver class "
                + "'com.example.NoSuchDriver' is not on the classpath"), missingClass.getMessage());
    }

    @Test
    void badCredentialsFailStartupNamingTheUsername() throws Exception {
        String url = "jdbc:h2:mem:creds;DB_CLOSE_DELAY=-1";
        try (Connection owner = DriverManager.getConnection(url, "owner", "right")) {
            ConfigException e = assertThrows(ConfigException.class, () -> start("""
                    main:
                      jdbcUrl: %s
                      username: owner
                      password: wrong
                      connectionTimeout: 500
                    """.formatted(url)));
            assertTrue(e.getMessage().contains("datasource.yml:3: main.username: cannot connect to " + url + " as 'owner': "),
                    e.getMessage());
            assertTrue(e.getMessage().contains("Wrong user name or password"), e.getMessage());
            try (Statement s = owner.createStatement()) {
                s.execute("SHUTDOWN");
            }
        }
    }

    @Test
    void badPoolConfigFailsStartupWithFileLineAndKey() {
        ConfigException notJdbc = assertThrows(ConfigException.class, () -> start("""
                main:
                  jdbcUrl: postgres://db/x
                """));
        assertTrue(notJdbc.getMessage().contains("jdbcUrl must start with 'jdbc:'"), notJdbc.getMessage());
        ConfigException size = assertThrows(ConfigException.class, () -> start("""
                main:
                  jdbcUrl: jdbc:h2:mem:size
                  maximumPoolSize: 0
                """));
        assertTrue(size.getMessage().contains("maximumPoolSize must be 1 to 10000, got 0"), size.getMessage());
        ConfigException unknown = assertThrows(ConfigException.class, () -> start("""
                main:
                  jdbcUrl: jdbc:h2:mem:unknown
                  settings:
                    minimumIdel: 2
                """));
        assertTrue(unknown.getMessage().contains("datasource.yml:4: main.settings.minimumIdel: unknown key"), unknown.getMessage());
        ConfigException refused = assertThrows(ConfigException.class, () -> start("""
                main:
                  jdbcUrl: jdbc:h2:mem:refused
                  settings:
                    transactionIsolation: SOMETIMES
                """));
        assertTrue(refused.getMessage().contains("datasource.yml:3: main.settings: HikariCP refused"), refused.getMessage());
        ConfigException none = assertThrows(ConfigException.class, () -> start("# nothing\n{}\n"));
        assertTrue(none.getMessage().contains("declares no pool"), none.getMessage());
    }

    @Test
    void aFailingMigrationFailsStartupNamingTheMigration() {
        ConfigException broken = assertThrows(ConfigException.class, () -> start("""
                main:
                  jdbcUrl: %s
                  migration:
                    enabled: true
                    locations: [classpath:db/broken]
                """.formatted(h2("broken"))));
        assertTrue(broken.getMessage().contains("datasource.yml:3: main.migration: migration failed: "), broken.getMessage());
        assertFalse(broken.getMessage().contains("\n"), broken.getMessage());
        ConfigException missing = assertThrows(ConfigException.class, () -> start("""
                main:
                  jdbcUrl: %s
                  migration:
                    enabled: true
                    locations: [classpath:db/no-such-folder]
                """.formatted(h2("missing"))));
        assertTrue(missing.getMessage().contains("main.migration: migration failed: ") && missing.getMessage().contains("no-such-folder"),
                missing.getMessage());
    }
}
