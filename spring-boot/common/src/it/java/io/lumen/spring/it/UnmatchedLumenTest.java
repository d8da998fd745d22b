package io.lumen.spring.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** lumen.unmatched=lumen: paths and methods handler.yml does not route get Lumen's 404/405 error JSON. */
class UnmatchedLumenTest {
    static ConfigurableApplicationContext app;

    @BeforeAll
    static void start() {
        app = Apps.start(Apps.dir("lumen-it"), "lumen.unmatched=lumen");
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    @Test
    void unknownPathIs404ErrorJson() throws Exception {
        HttpResponse<String> r = Http.get(Apps.uri(app, "/spring/hello"));
        assertEquals(404, r.statusCode());
        JsonNode b = StarterTest.JSON.readTree(r.body());
        assertEquals("ERR10048", b.get("code").asText());
        assertEquals(0, app.getBean(SpringCalls.class).count("/spring/hello"));
    }

    @Test
    void otherMethodIs405WithAllow() throws Exception {
        HttpResponse<String> r = Http.post(Apps.uri(app, "/lumen/hello"), HttpRequest.BodyPublishers.noBody());
        assertEquals(405, r.statusCode());
        assertEquals("ERR10008", StarterTest.JSON.readTree(r.body()).get("code").asText());
        assertEquals("GET, HEAD, OPTIONS", r.headers().firstValue("Allow").orElse(null));
    }

    @Test
    void bodyOverSpringsLimitIs413ErrorJson() throws Exception {
        byte[] big = BodyIdentityTest.jsonArray(3 * 1024, 100); // over the 2 MB limit (Boot 3.5: max-http-post-size; Boot 4: lumen-it server.yml maxTransferFileSize)
        HttpResponse<String> r = Http.post(Apps.uri(app, "/echo/plain"), HttpRequest.BodyPublishers.ofByteArray(big),
                "Content-Type", "application/json");
        assertEquals(413, r.statusCode(), r.body());
        assertEquals("ERR10068", StarterTest.JSON.readTree(r.body()).get("code").asText());
    }

    @Test
    void aChunkedBodyOverTheLimitThatSpringReadsIs413ErrorJson() throws Exception {
        byte[] big = BodyIdentityTest.jsonArray(3 * 1024, 100);
        HttpResponse<String> r = Http.post(Apps.uri(app, "/echo/plain"),
                HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big)), // chunked: Spring reads into the limit
                "Content-Type", "application/json");
        assertEquals(413, r.statusCode(), r.body());
        assertEquals("ERR10068", StarterTest.JSON.readTree(r.body()).get("code").asText());
    }

    @Test
    void routedPathsStillReachSpring() throws Exception {
        assertEquals(200, Http.get(Apps.uri(app, "/mw/spring")).statusCode());
    }
}
