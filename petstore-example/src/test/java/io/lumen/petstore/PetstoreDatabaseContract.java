package io.lumen.petstore;

import com.zaxxer.hikari.HikariDataSource;
import io.lumen.config.ConfigLoader;
import io.lumen.datasource.DataSources;
import io.lumen.datasource.JdbcPool;
import io.lumen.server.Readiness;
import io.lumen.service.LumenService;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * config/petstore/db (the full chain, pets in a database) through real HTTP, the same behaviour
 * whatever database a subclass points it at: CRUD with 201/404/409 as error JSON, a burst on a
 * small pool answering 503 with the error JSON after connectionTimeout (never a hang), and
 * shutdown closing the pool only after in-flight requests finish. Requests are held in the
 * database by a row the test inserts and keeps uncommitted: a POST of the same id waits for it,
 * holding its pooled connection.
 */
abstract class PetstoreDatabaseContract {
    static final String CONFIG = "../config/petstore/db";
    static final Duration REQUEST_LIMIT = Duration.ofSeconds(20);
    static String token;
    final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    LumenService service;

    @BeforeAll
    static void mintToken() throws Exception {
        token = PetstoreEmbeddedTest.mint(3600);
    }

    /** The JDBC URL of a fresh, empty database for one test. */
    abstract String newDatabase();

    /** A direct connection (not through the service) to {@code url}. */
    abstract Connection connect(String url) throws SQLException;

    /** Values for the database (user, password); the URL is added by {@link #start}. */
    Map<String, Object> databaseValues() {
        return Map.of();
    }

    LumenService start(String url, Map<String, Object> extra) {
        Map<String, Object> values = new LinkedHashMap<>(databaseValues());
        values.put("datasource.petstore.jdbcUrl", url);
        values.put("server.shutdownGracefulPeriod", 20000);
        values.putAll(extra);
        ConfigLoader loader = ConfigLoader.builder().configDirs(List.of(Path.of(CONFIG)))
                .overrides(values).env(k -> null).build();
        service = LumenService.start(loader, s -> s.withPorts(0, 0));
        return service;
    }

    @AfterEach
    void stopService() {
        if (service != null) {
            service.stop();
        }
    }

    JdbcPool pool() {
        return DataSources.of(service.context()).pool("petstore");
    }

    URI uri(String path) {
        return service.httpUri().orElseThrow().resolve(path);
    }

    HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(uri(path)).timeout(REQUEST_LIMIT).header("Authorization", "Bearer " + token);
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new AssertionError("request failed: " + request, e);
        }
    }

    HttpResponse<String> get(String path) {
        return send(request(path).GET().build());
    }

    HttpRequest post(long id, String name) {
        return request("/v1/pets").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\":" + id + ",\"name\":\"" + name + "\"}")).build();
    }

    static void assertError(HttpResponse<String> r, int status, String code) {
        assertEquals(status, r.statusCode(), r.body());
        assertEquals("application/json", r.headers().firstValue("Content-Type").orElse(""));
        assertTrue(r.body().startsWith("{\"statusCode\":" + status + ",\"code\":\"" + code + "\""), r.body());
    }

    /** Inserts {@code id} on {@code lock} without committing: a POST of the same id waits for it. */
    static void holdRow(Connection lock, long id) throws SQLException {
        lock.setAutoCommit(false);
        try (Statement s = lock.createStatement()) {
            s.executeUpdate("INSERT INTO pets (id, name) VALUES (" + id + ", 'held')");
        }
    }

    void awaitActiveConnections(int n) throws SQLException {
        HikariDataSource hikari = pool().dataSource().unwrap(HikariDataSource.class);
        Await.until(() -> hikari.getHikariPoolMXBean().getActiveConnections() >= n,
                Duration.ofSeconds(15), n + " busy connections");
    }

    @Test
    void createReadDeleteThroughHttpWithErrorJson() {
        start(newDatabase(), Map.of());
        HttpResponse<String> list = get("/v1/pets");
        assertEquals(200, list.statusCode(), list.body());
        assertEquals(PetstoreHttpTest.REFERENCE, list.body()); // seeded by the migration
        HttpResponse<String> created = send(post(7, "rex"));
        assertEquals(201, created.statusCode(), created.body());
        assertEquals("{\"id\":7,\"name\":\"rex\"}", created.body());
        assertError(send(post(7, "again")), 409, "ERR20002");
        assertEquals("{\"id\":7,\"name\":\"rex\"}", get("/v1/pets/7").body());
        assertEquals(3, get("/v1/pets?limit=5").body().split("\"id\"").length - 1);
        assertError(get("/v1/pets/404"), 404, "ERR20001");
        HttpResponse<String> deleted = send(request("/v1/pets/7").header("key", "k").DELETE().build());
        assertEquals(200, deleted.statusCode(), deleted.body());
        assertEquals("{\"id\":7,\"name\":\"rex\"}", deleted.body());
        assertError(get("/v1/pets/7"), 404, "ERR20001");
        assertError(send(request("/v1/pets/7").header("key", "k").DELETE().build()), 404, "ERR20001");
        assertError(send(request("/v1/pets").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"no id\"}")).build()), 400, "ERR11004");
    }

    @Test
    void theGeneratedTypedPetstoreRunsBehindTheFullChainOffTheIoThread() {
        start(newDatabase(), Map.of());
        GeneratedRoutes.assertGenerated(service, GeneratedRoutes.FULL_CHAIN, true);
    }

    @Test
    void aBurstOnABusyPoolAnswers503WithErrorJsonAfterTheConfiguredWait() throws Exception {
        String url = newDatabase();
        start(url, Map.of("datasource.petstore.maximumPoolSize", 2, "datasource.petstore.connectionTimeout", 400));
        int burst = 8;
        try (Connection lock = connect(url)) {
            holdRow(lock, 500);
            List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
            long t0 = System.nanoTime();
            for (int i = 0; i < burst; i++) {
                answers.add(client.sendAsync(post(500, "burst" + i), HttpResponse.BodyHandlers.ofString()));
            }
            // two requests wait for the held row on the pool's two connections; the rest find none free
            Await.until(() -> answers.stream().filter(CompletableFuture::isDone).count() >= burst - 2,
                    REQUEST_LIMIT, "the requests without a connection to be answered");
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            List<HttpResponse<String>> busy = answers.stream().filter(CompletableFuture::isDone).map(CompletableFuture::join).toList();
            assertEquals(burst - 2, busy.size());
            for (HttpResponse<String> r : busy) {
                assertError(r, 503, "ERR19041");
                assertTrue(r.body().contains("within 400 ms"), r.body());
            }
            assertTrue(ms >= 380, "the 503s came after " + ms + " ms, before connectionTimeout");
            lock.rollback();
            List<Integer> held = new ArrayList<>();
            for (CompletableFuture<HttpResponse<String>> f : answers) {
                held.add(f.get(REQUEST_LIMIT.toSeconds(), TimeUnit.SECONDS).statusCode());
            }
            assertEquals(1, held.stream().filter(s -> s == 201).count(), held.toString());
            assertEquals(1, held.stream().filter(s -> s == 409).count(), held.toString());
        }
        assertEquals(200, get("/v1/pets/500").statusCode()); // the pool is whole again
    }

    @Test
    void shutdownClosesThePoolOnlyAfterInFlightRequestsFinish() throws Exception {
        String url = newDatabase();
        start(url, Map.of());
        JdbcPool pool = pool();
        try (Connection lock = connect(url)) {
            holdRow(lock, 600);
            CompletableFuture<HttpResponse<String>> inFlight = client.sendAsync(post(600, "late"),
                    HttpResponse.BodyHandlers.ofString());
            awaitActiveConnections(1);
            LumenService stopping = service;
            CompletableFuture<Void> stop = CompletableFuture.runAsync(stopping::stop);
            Await.until(() -> stopping.state() == Readiness.State.DRAINING, Duration.ofSeconds(10), "draining");
            assertFalse(pool.isClosed(), "the pool must stay open while a request is in flight");
            assertFalse(inFlight.isDone());
            lock.rollback();
            HttpResponse<String> r = inFlight.get(REQUEST_LIMIT.toSeconds(), TimeUnit.SECONDS);
            assertEquals(201, r.statusCode(), r.body());
            stop.get(REQUEST_LIMIT.toSeconds(), TimeUnit.SECONDS);
            assertTrue(pool.isClosed());
        }
        service = null;
    }
}
