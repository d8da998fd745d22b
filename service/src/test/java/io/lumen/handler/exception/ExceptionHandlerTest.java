package io.lumen.handler.exception;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.handler.observability.Services;
import io.lumen.handler.observability.Throwing;
import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class ExceptionHandlerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String P = "io.lumen.handler.observability.";

    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = Services.in(dir).file("handler.yml", """
                handlers:
                  - %1$sThrowing@boom
                  - %1$sThrowingStatus@missing
                  - %1$sBlockingThrowing@blockingBoom
                  - %1$sBlockingSleep@sleep
                  - %1$sOk@ok
                paths:
                  - {path: /boom, method: GET, exec: [exception, boom]}
                  - {path: /missing, method: GET, exec: [exception, missing]}
                  - {path: /blocking-boom, method: GET, exec: [exception, blockingBoom]}
                  - {path: /sleep, method: GET, exec: [exception, sleep]}
                  - {path: /ok, method: GET, exec: [exception, ok]}
                """.formatted(P)).start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void anUnexpectedExceptionIs500Err10010WithoutStackTraceText() throws Exception {
        HttpResponse<String> r = service.get("/boom");
        assertEquals(500, r.statusCode());
        assertEquals("application/json", r.headers().firstValue("Content-Type").orElseThrow());
        JsonNode body = JSON.readTree(r.body());
        assertEquals("ERR10010", body.get("code").asText());
        assertEquals(500, body.get("statusCode").asInt());
        assertFalse(r.body().contains(Throwing.SECRET), r.body());
        assertFalse(r.body().contains("IllegalStateException"), r.body());
        assertFalse(r.body().contains("\tat "), r.body());
    }

    @Test
    void aStatusExceptionKeepsItsStatusAndDescription() throws Exception {
        HttpResponse<String> r = service.get("/missing");
        assertEquals(404, r.statusCode());
        JsonNode body = JSON.readTree(r.body());
        assertEquals("ERR10007", body.get("code").asText());
        assertEquals("Request path /missing cannot be found in the specification", body.get("description").asText());
    }

    @Test
    void anExceptionAfterTheDispatchOfABlockingHandlerBecomesTheErrorJson() throws Exception {
        HttpResponse<String> r = service.get("/blocking-boom");
        assertEquals(500, r.statusCode());
        assertEquals("ERR10010", JSON.readTree(r.body()).get("code").asText());
        assertFalse(r.body().contains(Throwing.SECRET));
    }

    @Test
    void aBlockingHandlerThatTakesItsTimeAnswers() {
        HttpResponse<String> r = service.get("/sleep");
        assertEquals(200, r.statusCode());
        assertEquals("slept", r.body());
    }

    @Test
    void theServerStaysHealthyAfterFailures() {
        for (int i = 0; i < 3; i++) {
            assertEquals(500, service.get("/boom").statusCode());
            assertEquals(500, service.get("/blocking-boom").statusCode());
            HttpResponse<String> ok = service.get("/ok");
            assertEquals(200, ok.statusCode());
            assertEquals("ok", ok.body());
        }
    }
}
