package io.lumen.handler.health;

import io.lumen.handler.observability.Services;
import io.lumen.handler.testing.TestService;
import io.lumen.server.Readiness;
import io.lumen.server.ReadinessControl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HealthHandlersTest {
    private static final String ROUTES = """
            paths:
              - {path: /health, method: GET, exec: [health]}
              - {path: /health/liveness, method: GET, exec: [liveness]}
              - {path: /health/readiness, method: GET, exec: [readiness]}
            """;

    @TempDir
    Path dir;

    private static void assertOk(HttpResponse<String> r) {
        assertEquals(200, r.statusCode());
        assertEquals("OK", r.body());
        assertEquals("text/plain", r.headers().firstValue("Content-Type").orElseThrow());
    }

    @Test
    void aReadyServiceAnswersOkOnAllThreeProbes() {
        try (TestService s = Services.in(dir).file("handler.yml", ROUTES).start()) {
            for (int i = 0; i < 2; i++) { // the pre-encoded body is reusable
                assertOk(s.get("/health"));
                assertOk(s.get("/health/liveness"));
                assertOk(s.get("/health/readiness"));
            }
        }
    }

    @Test
    void readinessIs503WhileADependencyIsUnavailableAndOkOnceItIsBack() {
        try (TestService s = Services.in(dir).file("handler.yml", ROUTES).start()) {
            Readiness readiness = s.service().context().readiness();
            Readiness.Dependency db = readiness.dependency("datasource 'orders'", true);
            Readiness.Dependency cache = readiness.dependency("cache", true);
            assertOk(s.get("/health/readiness"));
            assertTrue(db.available(false));
            assertTrue(cache.available(false));
            assertTrue(!cache.available(false), "no change, so no report of one");
            HttpResponse<String> r = s.get("/health/readiness");
            assertEquals(503, r.statusCode());
            assertTrue(r.body().contains("unavailable: datasource 'orders', cache"), r.body());
            assertOk(s.get("/health/liveness")); // an outage elsewhere is no reason to restart this process
            cache.available(true);
            HttpResponse<String> one = s.get("/health/readiness");
            assertTrue(one.body().contains("unavailable: datasource 'orders'\""), one.body());
            db.available(true);
            assertOk(s.get("/health/readiness"));
            db.available(false);
            ReadinessControl.set(readiness, Readiness.State.DRAINING); // the state is named first
            assertTrue(s.get("/health/readiness").body().contains("DRAINING"));
            ReadinessControl.set(readiness, Readiness.State.READY);
        }
    }

    @Test
    void readinessIs503NamingTheStateWhileLivenessStaysOk() {
        try (TestService s = Services.in(dir).file("handler.yml", ROUTES).start()) {
            ReadinessControl.set(s.service().context().readiness(), Readiness.State.DRAINING);
            HttpResponse<String> r = s.get("/health/readiness");
            assertEquals(503, r.statusCode());
            assertTrue(r.body().contains("\"code\":\"ERR19000\""), r.body());
            assertTrue(r.body().contains("DRAINING"), r.body());
            assertOk(s.get("/health/liveness"));
            assertOk(s.get("/health"));

            ReadinessControl.set(s.service().context().readiness(), Readiness.State.STOPPED);
            HttpResponse<String> dead = s.get("/health/liveness");
            assertEquals(503, dead.statusCode());
            assertTrue(dead.body().contains("STOPPED"), dead.body());
            ReadinessControl.set(s.service().context().readiness(), Readiness.State.READY);
        }
    }

    @Test
    void disabledHealthAnswers404AsIfNotRouted() {
        try (TestService s = Services.in(dir).file("health.yml", "enabled: false\n").file("handler.yml", ROUTES).start()) {
            for (String path : new String[] {"/health", "/health/liveness", "/health/readiness"}) {
                HttpResponse<String> r = s.get(path);
                assertEquals(404, r.statusCode(), path);
                assertTrue(r.body().contains("ERR10048"), r.body());
            }
        }
    }
}
