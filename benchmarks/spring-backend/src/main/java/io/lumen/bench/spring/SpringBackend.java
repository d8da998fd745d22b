package io.lumen.bench.spring;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.nio.charset.StandardCharsets;

/**
 * A plain Spring Boot (Spring MVC on Tomcat) backend for the proxy benchmark: {@code GET /v1/pets}
 * answers the same bytes and media type as benchmarks/undertow-baseline. The body is a constant
 * encoded once, so the figures measure the server stack rather than JSON serialisation.
 */
@SpringBootApplication
@RestController
public class SpringBackend {

    static final byte[] PETS_JSON =
            "[{\"id\":1,\"name\":\"catten\",\"tag\":\"cat\"},{\"id\":2,\"name\":\"doggy\",\"tag\":\"dog\"}]"
                    .getBytes(StandardCharsets.UTF_8);

    public static void main(String[] args) {
        SpringApplication.run(SpringBackend.class, args);
    }

    @GetMapping("/v1/pets")
    public ResponseEntity<byte[]> pets() {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(PETS_JSON);
    }
}
