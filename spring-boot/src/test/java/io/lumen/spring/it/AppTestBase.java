package io.lumen.spring.it;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.net.URI;
import java.nio.file.Path;

/**
 * The integration tests' application on a free port, config dir {@code src/test/resources/lumen-it};
 * subclasses share one context (Spring's test context cache).
 */
@AutoConfigureObservability // Boot's tests leave out the Prometheus registry and observations without it
@SpringBootTest(classes = TestApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.application.name=lumen-it-app",
        "test.greeting=hi",
        "server.undertow.max-http-post-size=16MB",
        "management.endpoints.web.exposure.include=health,lumen,prometheus",
        "management.endpoint.health.show-components=always",
        "management.endpoint.health.show-details=always"})
abstract class AppTestBase {
    static final ObjectMapper JSON = new ObjectMapper();

    @DynamicPropertySource
    static void lumen(DynamicPropertyRegistry registry) {
        registry.add("lumen.config-dir", () -> Path.of("src/test/resources/lumen-it").toAbsolutePath().toString());
        registry.add("test.jwt.certificate", () -> DevKey.CERTIFICATE);
    }

    @LocalServerPort
    int port;

    @Autowired
    SpringCalls springCalls;

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
