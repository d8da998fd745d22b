package io.lumen.spring.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.spring.itsecured.SecuredApp;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An application whose errors are RFC 9457 problem details ({@code spring.mvc.problemdetails.enabled}, or
 * its own ProblemDetail advice) gets Lumen's refusals as problem details too, Lumen's code an extension
 * member; a spec's own declared error format still wins; {@code lumen.problem-details=never} keeps Lumen's JSON.
 */
class ProblemDetailsTest {
    private static final String BASIC = "Basic " + Base64.getEncoder().encodeToString(
            (SecuredApp.USER + ":" + SecuredApp.PASSWORD).getBytes(StandardCharsets.UTF_8));

    private static HttpResponse<String> invalidOrder(ConfigurableApplicationContext app, String path, String... auth)
            throws Exception {
        String[] headers = auth.length == 0 ? new String[]{"Content-Type", "application/json"}
                : new String[]{"Content-Type", "application/json", "Authorization", auth[0]};
        return Http.post(Apps.uri(app, path), HttpRequest.BodyPublishers.ofString("{\"item\": 5}"), headers);
    }

    private static JsonNode problem(HttpResponse<String> r, int status, String code) throws Exception {
        assertEquals(status, r.statusCode(), r.body());
        assertEquals("application/problem+json", r.headers().firstValue("Content-Type").orElse(""), r.body());
        JsonNode p = StarterTest.JSON.readTree(r.body());
        assertEquals(status, p.get("status").asInt(), r.body());
        assertEquals(code, p.get("code").asText(), r.body());
        assertTrue(p.hasNonNull("title") && p.hasNonNull("detail") && p.hasNonNull("type"), r.body());
        return p;
    }

    @Test
    void withSpringsProblemDetailsOnLumensRefusalsAreProblemDetails() throws Exception {
        try (ConfigurableApplicationContext app = Apps.start(SecuredApp.class, Apps.dir("lumen-secured"),
                "spring.mvc.problemdetails.enabled=true")) {
            JsonNode invalid = problem(invalidOrder(app, "/api/orders", BASIC), 400, "ERR11004");
            assertEquals("/api/orders", invalid.get("instance").asText());
            assertEquals("Bad Request", invalid.get("title").asText());
            assertTrue(invalid.get("errors").isArray() && invalid.get("errors").size() > 0, invalid.toString());

            problem(invalidOrder(app, "/jwt/orders"), 401, "ERR10002");
            problem(Http.get(Apps.uri(app, "/api/hidden"), "Authorization", BASIC), 404, "ERR10007");

            HttpResponse<String> declared = Http.get(Apps.uri(app, "/api/orders/0"), "Authorization", BASIC);
            assertEquals(400, declared.statusCode(), declared.body());
            assertEquals("application/json", declared.headers().firstValue("Content-Type").orElse(""), "the spec's format wins");
            assertTrue(StarterTest.JSON.readTree(declared.body()).hasNonNull("error"), declared.body());
            assertEquals(1, StarterTest.JSON.readTree(declared.body()).size(), declared.body());
        }
    }

    @Test
    void anApplicationsProblemDetailAdviceIsEnough() throws Exception {
        try (ConfigurableApplicationContext app = Apps.start(SecuredApp.class, Apps.dir("lumen-secured"),
                "test.problem-advice=true")) {
            problem(invalidOrder(app, "/open/orders"), 400, "ERR11004");
        }
    }

    @Test
    void neverKeepsLumensErrorJson() throws Exception {
        try (ConfigurableApplicationContext app = Apps.start(SecuredApp.class, Apps.dir("lumen-secured"),
                "spring.mvc.problemdetails.enabled=true", "lumen.problem-details=never")) {
            HttpResponse<String> r = invalidOrder(app, "/open/orders");
            assertEquals(400, r.statusCode(), r.body());
            assertEquals("application/json", r.headers().firstValue("Content-Type").orElse(""));
            assertEquals("ERR11004", StarterTest.JSON.readTree(r.body()).get("code").asText());
        }
    }
}
