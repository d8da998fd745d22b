package io.lumen.spring.it;

import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Actuator on its own port ({@code management.server.port}, as in spring-guides/gs-actuator-service):
 * the application starts, its port serves Lumen's routes and Spring's, the management port serves
 * Actuator, and Lumen's routes stay on the application's port.
 */
class ManagementPortTest {

    @Test
    void actuatorOnItsOwnPortServesBesideLumensRoutes() throws Exception {
        try (ConfigurableApplicationContext app = Apps.start(Apps.dir("lumen-it"), "management.server.port=0",
                "management.server.address=127.0.0.1", "management.endpoints.web.exposure.include=health,lumen")) {
            int port = app.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
            int management = app.getEnvironment().getRequiredProperty("local.management.port", Integer.class);
            assertNotEquals(port, management);

            HttpResponse<String> lumen = Http.get(Apps.uri(app, "/lumen/hello"));
            assertEquals(200, lumen.statusCode(), lumen.body());
            assertTrue(lumen.headers().firstValue("X-Correlation-Id").isPresent(), "the chain ran on the application's port");
            assertEquals(200, Http.get(Apps.uri(app, "/spring/hello")).statusCode());

            HttpResponse<String> health = Http.get(URI.create("http://127.0.0.1:" + management + "/actuator/health"));
            assertEquals(200, health.statusCode(), health.body());
            assertTrue(health.body().contains("\"UP\""), health.body());
            HttpResponse<String> lumenEndpoint = Http.get(URI.create("http://127.0.0.1:" + management + "/actuator/lumen"));
            assertEquals(200, lumenEndpoint.statusCode(), lumenEndpoint.body());
            assertTrue(lumenEndpoint.body().contains("/lumen/hello"), lumenEndpoint.body());

            HttpResponse<String> notThere = Http.get(URI.create("http://127.0.0.1:" + management + "/lumen/hello"));
            assertEquals(404, notThere.statusCode(), "Lumen's routes are the application's, not the management server's: "
                    + notThere.body());
            assertEquals(404, Http.get(Apps.uri(app, "/actuator/health")).statusCode(), "Actuator moved off the application's port");
        }
    }
}
