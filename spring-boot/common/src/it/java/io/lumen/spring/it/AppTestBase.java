package io.lumen.spring.it;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.net.URI;

/**
 * The integration tests' application on a free port, config dir {@code lumen-it} (spring-boot/common/src/it/resources);
 * subclasses share one context (Spring's test context cache).
 */
// spring.test.observability.auto-configure: Boot 3.5's tests leave out the Prometheus registry and observations without it
@SpringBootTest(classes = TestApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.application.name=lumen-it-app",
        "test.greeting=hi",
        "spring.test.observability.auto-configure=true",
        "server.undertow.max-http-post-size=16MB", "test.maxBody=16000000", // Boot 3.5 / Boot 4 (server.yml)
        "management.endpoints.web.exposure.include=health,lumen,prometheus",
        "management.endpoint.health.show-components=always",
        "management.endpoint.health.show-details=always"})
abstract class AppTestBase {
    static final ObjectMapper JSON = new ObjectMapper();

    @DynamicPropertySource
    static void lumen(DynamicPropertyRegistry registry) {
        registry.add("lumen.config-dir", () -> Apps.dir("lumen-it"));
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
