package io.lumen.handler.sanitizer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.config.ConfigException;
import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owasp.encoder.Encode;

import java.net.http.HttpRequest;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sanitizer middleware over HTTP: what the handler after it sees, for light-4j's sanitizer.yml keys. */
class SanitizerHandlerTest {
    private static final String ATTACK = "<script>alert(\"x\")</script>'";
    private static final String HANDLERS = """
            handlers: [io.lumen.handler.sanitizer.EchoInput@echo]
            paths:
              - {path: /pets, method: POST, exec: [body, sanitizer, echo]}
              - {path: /pets, method: GET, exec: [body, sanitizer, echo]}
            """;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private TestService start(String sanitizerYml) {
        return TestService.in(dir).file("sanitizer.yml", sanitizerYml).file("handler.yml", HANDLERS).start();
    }

    private static String[] post(TestService s, String body) {
        HttpRequest r = s.request("/pets").header("Content-Type", "application/json").header("X-Name", ATTACK)
                .header("X-Keep", ATTACK).POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return s.send(r).body().split("\n", 3);
    }

    private static JsonNode body(String[] echo) throws Exception {
        return JSON.readTree(echo[2].substring("body=".length()));
    }

    @Test
    void stringValuesOfTheJsonBodyAndHeadersAreEncodedWithLight4jsDefaultEncoder() throws Exception {
        assertNotEquals(ATTACK, Encode.forJavaScriptSource(ATTACK), "the attack string must change when encoded");
        try (TestService s = start("enabled: true\nheaderAttributesToIgnore: [X-Keep]\n")) {
            String[] echo = post(s, JSON.writeValueAsString(JSON.createObjectNode().put("name", ATTACK).put("id", 7)
                    .set("tags", JSON.createArrayNode().add(ATTACK).add(JSON.createObjectNode().put("note", ATTACK)))));
            assertEquals("name=" + Encode.forJavaScriptSource(ATTACK), echo[0]);
            assertEquals("keep=" + ATTACK, echo[1], "an ignored header stays as sent");
            JsonNode seen = body(echo);
            assertEquals(Encode.forJavaScriptSource(ATTACK), seen.get("name").asText());
            assertEquals(7, seen.get("id").asInt());
            assertEquals(Encode.forJavaScriptSource(ATTACK), seen.get("tags").get(0).asText());
            assertEquals(Encode.forJavaScriptSource(ATTACK), seen.get("tags").get(1).get("note").asText());
        }
    }

    @Test
    void theEncodeListLimitsTheKeysAndTheIgnoreListWins() throws Exception {
        try (TestService s = start("""
                enabled: true
                bodyEncoder: html
                bodyAttributesToEncode: name,note
                bodyAttributesToIgnore: [note]
                headerEnabled: false
                """)) {
            String[] echo = post(s, JSON.createObjectNode().put("name", ATTACK).put("note", ATTACK).put("other", ATTACK).toString());
            assertEquals("name=" + ATTACK, echo[0], "headerEnabled: false leaves headers alone");
            JsonNode seen = body(echo);
            assertEquals(Encode.forHtml(ATTACK), seen.get("name").asText());
            assertEquals(ATTACK, seen.get("note").asText());
            assertEquals(ATTACK, seen.get("other").asText());
        }
    }

    @Test
    void light4j1xKeysSanitizeBodyAndSanitizeHeaderAreRead() throws Exception {
        // light-example-4j's petstore sanitizer.yml: enabled, sanitizeBody: true, sanitizeHeader: false
        try (TestService s = start("enabled: true\nsanitizeBody: false\nsanitizeHeader: true\n")) {
            String[] echo = post(s, JSON.createObjectNode().put("name", ATTACK).toString());
            assertEquals("name=" + Encode.forJavaScriptSource(ATTACK), echo[0]);
            assertEquals(ATTACK, body(echo).get("name").asText());
        }
    }

    @Test
    void withoutEnabledTrueItIsOffAsInLight4j() throws Exception {
        try (TestService s = start("bodyEncoder: html\n")) {
            String[] echo = post(s, JSON.createObjectNode().put("name", ATTACK).toString());
            assertEquals("name=" + ATTACK, echo[0]);
            assertEquals(ATTACK, body(echo).get("name").asText());
        }
    }

    @Test
    void beforeTheBodyMiddlewareOrWithoutItTheSanitizerReadsTheBodyItself() throws Exception {
        // light-4j's SanitizerHandler only sees a body BodyHandler parsed earlier; placed first it silently
        // sanitized nothing. Lumen reads the body with the one reader (body.yml's rules) and body after it keeps that.
        for (String exec : new String[] {"[sanitizer, body, echo]", "[sanitizer, echo]"}) {
            try (TestService s = TestService.in(dir).file("sanitizer.yml", "enabled: true\n").file("handler.yml", """
                    handlers: [io.lumen.handler.sanitizer.EchoInput@echo]
                    paths:
                      - {path: /pets, method: POST, exec: %s}
                    """.formatted(exec)).start()) {
                JsonNode seen = body(post(s, JSON.createObjectNode().put("name", ATTACK).toString()));
                assertEquals(Encode.forJavaScriptSource(ATTACK), seen.get("name").asText(), exec);
            }
        }
    }

    @Test
    void anUnknownEncoderFailsStartupNamingTheFileAndKey() {
        ConfigException e = assertThrows(ConfigException.class, () -> start("enabled: true\nheaderEncoder: rot13\n").close());
        assertTrue(e.getMessage().contains("sanitizer.yml") && e.getMessage().contains("headerEncoder")
                && e.getMessage().contains("'rot13' is not an OWASP Java Encoder context"), e.getMessage());
    }
}
