package io.lumen.petstore;

import io.lumen.datasource.testing.PostgresCluster;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * config/petstore/db against a real PostgreSQL server the test starts (DATASOURCE_PETSTORE_* as
 * an operator would set them), and a database restart in the middle of a run.
 */
class PetstorePostgresTest extends PetstoreDatabaseContract {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static PostgresCluster pg;

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

    @Override
    String newDatabase() {
        return pg.createDatabase("petstore" + DATABASES.incrementAndGet());
    }

    @Override
    Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url, PostgresCluster.USER, PostgresCluster.PASSWORD);
    }

    @Override
    Map<String, Object> databaseValues() {
        return Map.of("datasource.petstore.username", PostgresCluster.USER,
                "datasource.petstore.password", PostgresCluster.PASSWORD,
                "datasource.petstore.connectionTimeout", 1000,
                "datasource.petstore.healthCheckInterval", 250);
    }

    @Test
    void aDatabaseRestartMidRunRecoversWithoutRestartingTheService() {
        start(newDatabase(), Map.of());
        assertEquals(201, send(post(70, "before")).statusCode());
        pg.stop();
        try {
            HttpResponse<String> down = get("/v1/pets/70");
            assertError(down, 503, "ERR19040");
            Await.until(() -> send(request("/health/readiness").GET().build()).statusCode() == 503,
                    Duration.ofSeconds(20), "readiness to turn false");
            assertError(send(post(71, "during")), 503, "ERR19040");
        } finally {
            pg.start();
        }
        Await.until(() -> send(request("/health/readiness").GET().build()).statusCode() == 200,
                Duration.ofSeconds(20), "readiness to come back");
        HttpResponse<String> after = get("/v1/pets/70");
        assertEquals(200, after.statusCode(), after.body());
        assertEquals(201, send(post(71, "after")).statusCode());
        assertTrue(get("/v1/pets").body().contains("\"after\""));
    }
}
