package io.lumen.spring.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * springdoc's spec of an application with a context path and a servlet path ({@code spring.mvc.servlet.path}):
 * its server URL carries both ({@code http://localhost:8080/people/api}), its paths neither; handler.yml routes
 * are below the context path and include the servlet path. Spec excerpt from springdoc-openapi-demos'
 * demo-person-service (resources/lumen-servletpath/README.md).
 */
class ServletPathSpecTest {

    @Test
    void springdocsSpecBehindAContextAndServletPathValidatesTheControllersRequests() throws Exception {
        try (ConfigurableApplicationContext app = Apps.start(Apps.dir("lumen-servletpath"),
                "server.servlet.context-path=/people", "spring.mvc.servlet.path=/api")) {
            HttpResponse<String> ok = Http.get(Apps.uri(app, "/people/api/persons?lastName=Davis"));
            assertEquals(200, ok.statusCode(), ok.body());
            assertTrue(ok.headers().firstValue("X-Correlation-Id").isPresent(), "the chain ran");
            assertEquals("Davis", AppTestBase.JSON.readTree(ok.body()).path(0).path("lastName").asText(), ok.body());

            HttpResponse<String> tooLong = Http.get(Apps.uri(app, "/people/api/persons?lastName=VeryLongLastName"));
            assertEquals(400, tooLong.statusCode(), tooLong.body());
            JsonNode error = AppTestBase.JSON.readTree(tooLong.body());
            assertEquals("ERR11004", error.path("code").asText(), tooLong.body());
            assertEquals("query.lastName", error.path("errors").path(0).path("location").asText(), tooLong.body());

            HttpResponse<String> missing = Http.get(Apps.uri(app, "/people/api/persons"));
            assertEquals(400, missing.statusCode(), missing.body());
            assertEquals("ERR11000", AppTestBase.JSON.readTree(missing.body()).path("code").asText(), missing.body());
        }
    }
}
