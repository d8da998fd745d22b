package io.lumen.datasource;

import io.lumen.config.ConfigException;
import io.lumen.datasource.testing.PostgresCluster;
import io.lumen.testkit.TestService;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The datasource module against a real PostgreSQL server that the test starts itself (a throwaway
 * cluster on a free loopback port): startup errors for bad credentials and an unreachable server,
 * readiness that follows the database down and back up without restarting the service, and a
 * service that starts unready and migrates when the database appears ({@code failFast: false}).
 */
class PostgresDataSourcesTest {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static PostgresCluster pg;

    @TempDir
    Path dir;
    private TestService service;

    @BeforeAll
    static void startPostgres() {
        pg = PostgresCluster.create();
    }

    @AfterAll
    static void stopPostgres() {
        if (pg != null) {
            pg.close();
        }
    }

    @AfterEach
    void stop() {
        if (service != null) {
            service.close();
        }
    }

    private String datasource(String url, String password, String extra) {
        return """
                main:
                  jdbcUrl: %s
                  username: %s
                  password: %s
                  connectionTimeout: 1000
                  healthCheckInterval: 200
                  migration: {enabled: true}
                %s""".formatted(url, PostgresCluster.USER, password, extra);
    }

    private TestService start(String datasourceYml) {
        service = TestService.in(dir).file("handler.yml", DataSourcesTest.HANDLERS).file("datasource.yml", datasourceYml).start();
        return service;
    }

    private static String newDatabase() {
        return pg.createDatabase("ds" + DATABASES.incrementAndGet());
    }

    @Test
    void badCredentialsFailStartupWithOneLineNamingTheUsername() {
        String url = newDatabase();
        ConfigException e = assertThrows(ConfigException.class, () -> start(datasource(url, "not-the-password", "")));
        assertTrue(e.getMessage().contains("datasource.yml:3: main.username: cannot connect to " + url + " as 'lumen': "),
                e.getMessage());
        assertTrue(e.getMessage().contains("password authentication failed"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void anUnreachableServerFailsStartupNamingTheUrl() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort(); // nothing listens there once closed
        }
        String url = "jdbc:postgresql://127.0.0.1:" + closed + "/nothing";
        ConfigException e = assertThrows(ConfigException.class,
                () -> start(datasource(url, PostgresCluster.PASSWORD, "")));
        assertTrue(e.getMessage().contains("datasource.yml:2: main.jdbcUrl: cannot connect to " + url + " as 'lumen': "),
                e.getMessage());
        assertTrue(e.getMessage().contains("failFast: false"), e.getMessage());
    }

    @Test
    void readinessFollowsTheDatabaseDownAndBackWithoutARestart() {
        start(datasource(newDatabase(), PostgresCluster.PASSWORD, ""));
        assertEquals("1", service.get("/count").body());
        assertEquals(200, service.get("/health/readiness").statusCode());
        pg.stop();
        try {
            Await.until(() -> service.get("/health/readiness").statusCode() == 503,
                    Duration.ofSeconds(20), "readiness to turn false");
            HttpResponse<String> probe = service.get("/health/readiness");
            assertTrue(probe.body().contains("\"code\":\"ERR19000\"") && probe.body().contains("datasource 'main'"), probe.body());
            HttpResponse<String> down = service.get("/count");
            assertEquals(503, down.statusCode(), down.body());
            assertTrue(down.body().contains("\"code\":\"ERR19040\""), down.body());
        } finally {
            pg.start();
        }
        Await.until(() -> service.get("/health/readiness").statusCode() == 200, Duration.ofSeconds(20), "readiness to come back");
        HttpResponse<String> again = service.get("/count");
        assertEquals(200, again.statusCode(), again.body());
        assertEquals("2", again.body());
    }

    @Test
    void withoutFailFastTheServiceStartsUnreadyAndMigratesWhenTheDatabaseAppears() {
        String url = newDatabase();
        pg.stop();
        try {
            start(datasource(url, PostgresCluster.PASSWORD, "  failFast: false\n"));
            HttpResponse<String> probe = service.get("/health/readiness");
            assertEquals(503, probe.statusCode());
            assertTrue(probe.body().contains("datasource 'main'"), probe.body());
            assertEquals(503, service.get("/count").statusCode());
        } finally {
            pg.start();
        }
        Await.until(() -> service.get("/health/readiness").statusCode() == 200,
                Duration.ofSeconds(20), "readiness once the database is up");
        assertEquals("1", service.get("/count").body()); // the migration created and seeded the table
    }
}
