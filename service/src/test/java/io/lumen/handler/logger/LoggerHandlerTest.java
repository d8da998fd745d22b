package io.lumen.handler.logger;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.config.ConfigException;
import io.lumen.handler.observability.Services;
import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoggerHandlerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NAME = "io.lumen.test.loggerhandler";

    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = Services.in(dir).file("handler.yml", """
                paths:
                  - {path: /adm/logger, method: GET, exec: [logger]}
                  - {path: /adm/logger, method: POST, exec: [logger]}
                  - {path: /adm/logger, method: PUT, exec: [logger]}
                """).start();
    }

    @AfterAll
    static void stop() {
        service.close();
        logback().getLogger(NAME).setLevel(null);
    }

    private static LoggerContext logback() {
        return (LoggerContext) LoggerFactory.getILoggerFactory();
    }

    private static HttpResponse<String> post(String body) {
        return service.send(service.request("/adm/logger").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    private static String levelIn(String json, String name) throws Exception {
        for (JsonNode n : JSON.readTree(json)) {
            if (n.get("name").asText().equals(name)) {
                return n.get("level").asText();
            }
        }
        return null;
    }

    @Test
    void getListsLoggersThatHaveALevel() throws Exception {
        HttpResponse<String> r = service.get("/adm/logger");
        assertEquals(200, r.statusCode());
        assertEquals("application/json", r.headers().firstValue("Content-Type").orElseThrow());
        assertTrue(levelIn(r.body(), "ROOT") != null, r.body());
    }

    @Test
    void postChangesLevelsAtRunTime() throws Exception {
        HttpResponse<String> r = post("[{\"name\":\"" + NAME + "\",\"level\":\"warn\"}]");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("WARN", levelIn(r.body(), NAME));
        assertEquals(Level.WARN, logback().getLogger(NAME).getLevel());
        assertEquals("WARN", levelIn(service.get("/adm/logger").body(), NAME));

        assertEquals(200, post("[{\"name\":\"" + NAME + "\",\"level\":\"TRACE\"}]").statusCode());
        assertEquals(Level.TRACE, logback().getLogger(NAME).getLevel());
    }

    @Test
    void badJsonIs400Err10015() {
        for (String body : new String[] {"not json", "{\"name\":\"x\"}", "[{\"name\":\"x\",\"level\":\"INFO\",\"other\":1}]"}) {
            HttpResponse<String> r = post(body);
            assertEquals(400, r.statusCode(), body);
            assertTrue(r.body().contains("ERR10015"), r.body());
        }
    }

    @Test
    void anUnknownLevelIs400AndChangesNothing() {
        String other = NAME + ".untouched";
        HttpResponse<String> r = post("[{\"name\":\"" + other + "\",\"level\":\"DEBUG\"},{\"name\":\"x\",\"level\":\"LOUD\"}]");
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("ERR19006"), r.body());
        assertTrue(r.body().contains("LOUD"), r.body());
        assertNull(logback().getLogger(other).getLevel());
    }

    @Test
    void jsonErrorsAreDescribedWithoutJavaTypesOrLibraryNames() {
        for (String body : new String[] {"{\"name\":\"x\"}", "[{\"name\": }]", "[" .repeat(2000)}) {
            HttpResponse<String> r = post(body);
            assertEquals(400, r.statusCode(), body);
            assertFalse(r.body().contains("java.") || r.body().contains("io.lumen") || r.body().contains("`")
                    || r.body().contains("code 125") || r.body().contains("StreamReadConstraints"), r.body());
        }
    }

    @Test
    void changesAreRefusedFromOutsideTheAllowedNetworks(@TempDir Path other) {
        try (TestService remoteOnly = Services.in(other)
                .file("logger.yml", "changesFrom: [10.0.0.0/8]\n") // this test's client (127.0.0.1) is outside
                .file("handler.yml", """
                        paths:
                          - {path: /adm/logger, method: GET, exec: [logger]}
                          - {path: /adm/logger, method: POST, exec: [logger]}
                        """).start()) {
            HttpResponse<String> r = remoteOnly.send(remoteOnly.request("/adm/logger").header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("[{\"name\":\"" + NAME + ".remote\",\"level\":\"OFF\"}]")).build());
            assertEquals(403, r.statusCode(), r.body());
            assertTrue(r.body().contains("\"code\":\"ERR19008\""), r.body());
            assertNull(logback().getLogger(NAME + ".remote").getLevel(), "nothing changed");
            assertEquals(200, remoteOnly.get("/adm/logger").statusCode(), "reading is not a change");
        }
    }

    @Test
    void changesFromIsCheckedAtStartup(@TempDir Path other) {
        Exception e = Assertions.assertThrows(ConfigException.class, () -> Services.in(other)
                .file("logger.yml", "changesFrom: [10.0.0.0/40]\n")
                .file("handler.yml", "paths:\n  - {path: /adm/logger, method: POST, exec: [logger]}\n").start());
        assertTrue(e.getMessage().contains("logger.yml") && e.getMessage().contains("changesFrom"), e.getMessage());
    }

    @Test
    void otherMethodsAre405() {
        HttpResponse<String> r = service.send(service.request("/adm/logger").PUT(HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(405, r.statusCode());
        assertTrue(r.body().contains("ERR10008"));
    }
}
