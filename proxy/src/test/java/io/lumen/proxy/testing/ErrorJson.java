package io.lumen.proxy.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Checks Lumen's error JSON: {"statusCode":..,"code":"ERR..","message":..,"description":..,"severity":..}. */
public final class ErrorJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ErrorJson() {
    }

    /** Asserts the response is the error {@code code} with {@code status}; returns its description. */
    public static String assertError(HttpResponse<String> r, int status, String code) {
        assertEquals(status, r.statusCode(), () -> "status; body " + r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"),
                () -> "content type " + r.headers().map());
        return assertError(r.body(), status, code);
    }

    public static String assertError(String body, int status, String code) {
        JsonNode n;
        try {
            n = JSON.readTree(body);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + body, e);
        }
        assertEquals(status, n.path("statusCode").asInt(), body);
        assertEquals(code, n.path("code").asText(), body);
        assertTrue(n.hasNonNull("message") && n.hasNonNull("description") && n.hasNonNull("severity"), body);
        return n.path("description").asText();
    }

    /** The error code of a JSON error body, or null when the body is not one. */
    public static String code(String body) {
        try {
            JsonNode n = JSON.readTree(body);
            return n.hasNonNull("code") ? n.get("code").asText() : null;
        } catch (IOException e) {
            return null;
        }
    }
}
