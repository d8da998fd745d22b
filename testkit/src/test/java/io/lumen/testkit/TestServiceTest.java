package io.lumen.testkit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TestServiceTest {
    @Test
    void startsFromFilesWrittenInCodeOnAFreePort(@TempDir Path dir) {
        Map<String, Object> route = Map.of("path", "/hello", "method", "GET", "exec", List.of("hello"));
        try (TestService s = TestService.in(dir)
                .file("handler.yml", Map.of("handlers", List.of("io.lumen.testkit.HelloHandler@hello"), "paths", List.of(route)))
                .file("server.yml", "httpPort: 8080\nserviceId: ${server.serviceId:from-file}\n")
                .value("server.serviceId", "from-code")
                .start()) {
            assertNotEquals(8080, s.service().httpPort());
            assertEquals(200, s.get("/hello").statusCode());
            assertEquals("hello from from-code", s.http().get("/hello").body());
            assertEquals(s.service().httpPort(), s.uri("/").getPort());
        }
    }

    @Test
    void askingForTheServiceBeforeItStartsSaysSo(@TempDir Path dir) {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> TestService.in(dir).service());
        assertEquals("the service is not started: call start()", e.getMessage());
    }
}
