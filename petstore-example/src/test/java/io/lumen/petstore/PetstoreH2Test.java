package io.lumen.petstore;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** config/petstore/db on its default, the embedded H2 database in a file. */
class PetstoreH2Test extends PetstoreDatabaseContract {
    private final AtomicInteger databases = new AtomicInteger();
    @TempDir
    Path dir;

    @Override
    String newDatabase() {
        // the default URL of datasource.yml, in the test's folder; LOCK_TIMEOUT: requests wait for a row the test holds
        return "jdbc:h2:file:" + dir.resolve("data" + databases.incrementAndGet()).resolve("petstore") + ";LOCK_TIMEOUT=30000";
    }

    @Override
    Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url, "sa", "");
    }

    @Test
    void theFoldersSpecIsTheOneTheRoutesAreGeneratedFrom() throws Exception {
        // the jar's route table and adapters come from config/petstore/embedded/openapi.yaml
        assertEquals(Files.readString(Path.of("../config/petstore/embedded/openapi.yaml")),
                Files.readString(Path.of(CONFIG, "openapi.yaml")));
    }

    @Test
    void petsSurviveARestart() {
        String url = newDatabase();
        start(url, Map.of());
        assertEquals(201, send(post(31, "kept")).statusCode());
        service.stop();
        assertTrue(Files.exists(Path.of(url.substring("jdbc:h2:file:".length(), url.indexOf(';')) + ".mv.db")));
        start(url, Map.of());
        HttpResponse<String> r = get("/v1/pets/31");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("{\"id\":31,\"name\":\"kept\"}", r.body());
    }
}
