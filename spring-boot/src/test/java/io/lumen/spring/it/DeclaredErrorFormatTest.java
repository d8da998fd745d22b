package io.lumen.spring.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Inside Spring Boot too, Lumen's rejections answer in the error format the operation declares. */
class DeclaredErrorFormatTest extends AppTestBase {

    @Test
    void aValidationErrorIsProblemDetailsWhereTheSpecDeclaresThem() throws Exception {
        HttpResponse<String> r = Http.get(uri("/v1/problems/abc"));
        assertEquals(400, r.statusCode(), r.body());
        assertEquals("application/problem+json", r.headers().firstValue("Content-Type").orElse(""), r.body());
        JsonNode p = JSON.readTree(r.body());
        assertEquals(400, p.path("status").asInt(), r.body());
        assertEquals("Bad Request", p.path("title").asText(), r.body());
        assertEquals("ERR11010", p.path("code").asText(), r.body());
        assertEquals(0, springCalls.count("/v1/problems/abc"), "Spring never saw the request");
    }
}
