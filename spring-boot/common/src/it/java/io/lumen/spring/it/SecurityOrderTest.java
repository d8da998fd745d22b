package io.lumen.spring.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.spring.itsecured.SecuredApp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Security before validation with Spring Security (SecuredApp: HTTP Basic, {@code /open/**} public):
 * a caller without credentials gets Spring Security's 401 whatever its request looks like, and learns
 * about validation only once authenticated; Lumen's own {@code security} (JWT) answers first on its routes.
 */
class SecurityOrderTest {
    private static final String BASIC = "Basic " + Base64.getEncoder().encodeToString(
            (SecuredApp.USER + ":" + SecuredApp.PASSWORD).getBytes(StandardCharsets.UTF_8));
    private static final String INVALID = "{\"item\": 5}";
    private static final String VALID = "{\"item\": \"tea\", \"qty\": 2}";

    private static ConfigurableApplicationContext app;

    @BeforeAll
    static void start() {
        app = Apps.start(SecuredApp.class, Apps.dir("lumen-secured"));
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    private static HttpResponse<String> post(String path, String body, String... headers) throws Exception {
        String[] all = new String[headers.length + 2];
        all[0] = "Content-Type";
        all[1] = "application/json";
        System.arraycopy(headers, 0, all, 2, headers.length);
        return Http.post(Apps.uri(app, path), HttpRequest.BodyPublishers.ofString(body), all);
    }

    @Test
    void withoutCredentialsAnInvalidBodyGetsSpringSecuritys401NotTheValidators400() throws Exception {
        HttpResponse<String> r = post("/api/orders", INVALID);
        assertEquals(401, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic"), r.headers().toString());
        assertFalse(r.body().contains("ERR1"), "nothing about validation: " + r.body());
        assertTrue(r.headers().firstValue("X-Correlation-Id").isPresent(), "Lumen's chain ran in front");
    }

    @Test
    void withoutCredentialsAPathTheSpecLacksOrABadParameterGets401() throws Exception {
        assertEquals(401, Http.get(Apps.uri(app, "/api/hidden")).statusCode(), "the specification's 404 waits too");
        assertEquals(401, Http.get(Apps.uri(app, "/api/orders/abc")).statusCode(), "the validator's 400 waits too");
    }

    @Test
    void authenticatedTheInvalidBodyGetsLumensValidationError() throws Exception {
        HttpResponse<String> r = post("/api/orders", INVALID, "Authorization", BASIC);
        assertEquals(400, r.statusCode(), r.body());
        JsonNode error = StarterTest.JSON.readTree(r.body());
        assertEquals("ERR11004", error.get("code").asText(), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), r.headers().toString());
        assertEquals("no-cache, no-store, max-age=0, must-revalidate", r.headers().firstValue("Cache-Control").orElse(""),
                "Spring Security ran before the refusal was written");

        HttpResponse<String> notInSpec = Http.get(Apps.uri(app, "/api/hidden"), "Authorization", BASIC);
        assertEquals(404, notInSpec.statusCode(), notInSpec.body());
        assertEquals("ERR10007", StarterTest.JSON.readTree(notInSpec.body()).get("code").asText());
        assertEquals(400, Http.get(Apps.uri(app, "/api/orders/0"), "Authorization", BASIC).statusCode());
    }

    @Test
    void authenticatedAValidRequestReachesTheController() throws Exception {
        HttpResponse<String> r = post("/api/orders", VALID, "Authorization", BASIC);
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("tea", StarterTest.JSON.readTree(r.body()).get("ordered").asText());
        assertEquals("{\"id\":7}", Http.get(Apps.uri(app, "/api/orders/7"), "Authorization", BASIC).body());
    }

    @Test
    void aPublicPathGetsTheValidationErrorAfterSpringSecurityLetItThrough() throws Exception {
        HttpResponse<String> r = post("/open/orders", INVALID);
        assertEquals(400, r.statusCode(), r.body());
        assertEquals("ERR11004", StarterTest.JSON.readTree(r.body()).get("code").asText());
        assertEquals(200, post("/open/orders", VALID).statusCode());
    }

    @Test
    void withLumensOwnSecurityItsJwtAnswersFirstThenValidation() throws Exception {
        HttpResponse<String> noToken = post("/jwt/orders", INVALID);
        assertEquals(401, noToken.statusCode(), noToken.body());
        assertEquals("ERR10002", StarterTest.JSON.readTree(noToken.body()).get("code").asText(), noToken.body());

        String token = "Bearer " + DevKey.token("read:pets", "c1");
        HttpResponse<String> invalid = post("/jwt/orders", INVALID, "Authorization", token);
        assertEquals(400, invalid.statusCode(), invalid.body());
        assertEquals("ERR11004", StarterTest.JSON.readTree(invalid.body()).get("code").asText());
        HttpResponse<String> valid = post("/jwt/orders", VALID, "Authorization", token);
        assertEquals(200, valid.statusCode(), valid.body());
    }

    @Test
    void theOldOrderStaysAvailableByProperty() throws Exception {
        try (ConfigurableApplicationContext before = Apps.start(SecuredApp.class, Apps.dir("lumen-secured"),
                "lumen.spring-security-first=false")) {
            HttpResponse<String> r = Http.post(Apps.uri(before, "/api/orders"), HttpRequest.BodyPublishers.ofString(INVALID),
                    "Content-Type", "application/json");
            assertEquals(400, r.statusCode(), r.body());
            assertEquals("ERR11004", StarterTest.JSON.readTree(r.body()).get("code").asText());
            assertEquals(401, Http.post(Apps.uri(before, "/api/orders"), HttpRequest.BodyPublishers.ofString(VALID),
                    "Content-Type", "application/json").statusCode());
        }
    }
}
