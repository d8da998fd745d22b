package io.lumen.handler.audit;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.handler.observability.Services;
import io.lumen.handler.testing.TestService;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AuditHandlerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    static TestService service;

    private Logger audit;
    private ListAppender<ILoggingEvent> lines;

    @BeforeAll
    static void start() {
        service = Services.in(dir)
                .file("audit.yml", "headers: [User-Agent, Authorization, X-Forwarded-For]\nmask: [authorization]\n")
                .file("handler.yml", """
                        handlers:
                          - io.lumen.handler.observability.Ok@ok
                          - io.lumen.handler.observability.Throwing@boom
                        paths:
                          - {path: '/v1/pets/{petId}', method: GET, exec: [exception, correlation, audit, ok]}
                          - {path: /boom, method: GET, exec: [exception, correlation, audit, boom]}
                        """).start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @BeforeEach
    void capture() {
        audit = ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger(AuditHandler.LOGGER_NAME);
        lines = new ListAppender<>();
        lines.start();
        audit.addAppender(lines);
        audit.setLevel(Level.INFO);
    }

    @AfterEach
    void release() {
        audit.detachAppender(lines);
        audit.setLevel(null);
    }

    /** The audit lines written so far; completion listeners run just after the response is sent. */
    private List<JsonNode> awaitLines(int n) throws Exception {
        Await.holdsWithin(() -> lines.list.size() >= n, Duration.ofSeconds(5));
        assertEquals(n, lines.list.size(), "audit lines");
        List<JsonNode> out = new ArrayList<>();
        for (ILoggingEvent e : List.copyOf(lines.list)) {
            assertEquals(Level.INFO, e.getLevel());
            out.add(JSON.readTree(e.getFormattedMessage()));
        }
        return out;
    }

    @Test
    void oneJsonLinePerRequestWithEndpointStatusTimesAndIds() throws Exception {
        HttpResponse<String> r = service.send(service.request("/v1/pets/7?x=1").header("User-Agent", "probe/1")
                .header("X-Correlation-Id", "audit-cid-1").GET().build());
        assertEquals(200, r.statusCode());
        JsonNode line = awaitLines(1).get(0);
        assertEquals("/v1/pets/{petId}@get", line.get("endpoint").asText());
        assertEquals("GET", line.get("method").asText());
        assertEquals("/v1/pets/7", line.get("path").asText());
        assertEquals(200, line.get("status").asInt());
        assertTrue(line.get("responseTime").isNumber());
        assertTrue(line.get("responseTime").asDouble() >= 0);
        assertTrue(line.get("timestamp").asText().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"),
                line.get("timestamp").asText());
        assertEquals("audit-cid-1", line.get("correlationId").asText());
        assertTrue(line.get("traceId").asText().matches("[0-9a-f]{32}"));
        assertEquals("probe/1", line.get("User-Agent").asText());
        assertFalse(line.has("clientId"), "absent ids are omitted");
        assertFalse(line.has("userId"));
        assertFalse(line.has("X-Forwarded-For"), "absent headers are omitted");
    }

    @Test
    void maskedHeadersAreWrittenAsStars() throws Exception {
        service.send(service.request("/v1/pets/1").header("Authorization", "Bearer secret-token").GET().build());
        JsonNode line = awaitLines(1).get(0);
        assertEquals("****", line.get("Authorization").asText());
        assertFalse(lines.list.get(0).getFormattedMessage().contains("secret-token"));
    }

    @Test
    void failedRequestsAreAuditedWithTheirErrorStatus() throws Exception {
        assertEquals(500, service.get("/boom").statusCode());
        assertEquals(500, awaitLines(1).get(0).get("status").asInt());
    }

    @Test
    void nothingIsWrittenWhenTheAuditLoggerIsOff() throws Exception {
        audit.setLevel(Level.WARN);
        assertEquals(200, service.get("/v1/pets/1").statusCode());
        audit.setLevel(Level.INFO);
        assertEquals(200, service.get("/v1/pets/2").statusCode());
        JsonNode only = awaitLines(1).get(0);
        assertEquals("/v1/pets/2", only.get("path").asText());
    }
}
