package io.lumen.datasource;

import com.zaxxer.hikari.HikariDataSource;
import io.lumen.testkit.TestService;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A configuration reload with datasource.yml: the new generation opens its own pool, the old pool
 * serves its running request to the end and closes after it; readiness follows the new pool only,
 * and the pool's meters are the new pool's.
 */
class DataSourceReloadTest {
    @TempDir
    Path dir;
    private TestService service;

    @AfterEach
    void stop() {
        if (service != null) {
            service.close();
        }
    }

    private String datasource(int maximumPoolSize) {
        return """
                main:
                  jdbcUrl: jdbc:h2:file:%s;LOCK_TIMEOUT=30000
                  username: sa
                  maximumPoolSize: %d
                  migration: {enabled: true}
                """.formatted(dir.resolve("reload"), maximumPoolSize);
    }

    private JdbcPool pool() {
        return DataSources.of(service.service().context()).pool("main");
    }

    @Test
    void theOldPoolFinishesItsRequestAndClosesAfterItWhileTheNewOneServes() throws Exception {
        service = TestService.in(dir)
                .file("handler.yml", DataSourcesTest.HANDLERS + "  - {path: /adm/reload, method: POST, exec: [reload]}\n")
                .file("datasource.yml", datasource(2)).start();
        assertEquals("1", service.get("/count").body());
        JdbcPool old = pool();
        try (Connection lock = DriverManager.getConnection("jdbc:h2:file:" + dir.resolve("reload"), "sa", "")) {
            lock.setAutoCommit(false);
            try (Statement s = lock.createStatement()) {
                s.executeUpdate("UPDATE counter SET n = 10 WHERE id = 1");
            }
            CompletableFuture<HttpResponse<String>> inFlight = TestService.HTTP.sendAsync(
                    HttpRequest.newBuilder(service.uri("/count")).build(), HttpResponse.BodyHandlers.ofString());
            HikariDataSource oldHikari = old.dataSource().unwrap(HikariDataSource.class);
            Await.until(() -> oldHikari.getHikariPoolMXBean().getActiveConnections() == 1, Duration.ofSeconds(10),
                    "the request to hold a connection of the old pool");

            service.file("datasource.yml", datasource(5));
            HttpResponse<String> reload = service.send(service.request("/adm/reload")
                    .POST(HttpRequest.BodyPublishers.noBody()).build());
            assertEquals(200, reload.statusCode(), reload.body());
            assertTrue(pool() != old);
            assertEquals(5, pool().dataSource().unwrap(HikariDataSource.class).getMaximumPoolSize());
            assertEquals(200, service.get("/health/readiness").statusCode());
            assertFalse(old.isClosed(), "the old pool must stay open while its request runs");

            lock.commit();
            assertEquals("11", inFlight.get(15, TimeUnit.SECONDS).body());
        }
        Await.until(old::isClosed, Duration.ofSeconds(10), "the old pool to close after its last request");
        assertEquals("12", service.get("/count").body());
        assertEquals(1, service.service().context().readiness().dependencies().size(),
                service.service().context().readiness().dependencies().toString());
        assertEquals(200, service.get("/health/readiness").statusCode());
        String metrics = service.get("/prometheus").body();
        assertTrue(metrics.lines().anyMatch(l -> l.startsWith("hikaricp_connections_max{") && l.contains("pool=\"main\"")
                && l.endsWith(" 5.0")), metrics);
    }

    @Test
    void aPoolThatCannotOpenRefusesTheReloadAndTheOldPoolKeepsServing() {
        service = TestService.in(dir)
                .file("handler.yml", DataSourcesTest.HANDLERS + "  - {path: /adm/reload, method: POST, exec: [reload]}\n")
                .file("datasource.yml", datasource(2)).start();
        assertEquals("1", service.get("/count").body());
        service.file("datasource.yml", """
                main:
                  jdbcUrl: jdbc:nosuchdb://db/x
                """);
        HttpResponse<String> reload = service.send(service.request("/adm/reload").POST(HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(422, reload.statusCode(), reload.body());
        assertTrue(reload.body().contains("datasource.yml:2: main.jdbcUrl: no JDBC driver"), reload.body());
        assertEquals("2", service.get("/count").body());
        assertFalse(pool().isClosed());
        assertEquals(1, service.service().context().readiness().dependencies().size());
    }
}
