package io.lumen.handler.chain;

import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DefaultHandlersTest {
    @TempDir
    Path dir;

    @Test
    void defaultHandlersAnswerEverythingNoRouteMatches() {
        try (TestService svc = TestService.in(dir).file("handler.yml", """
                handlers: [io.lumen.handler.testing.EchoHandler@echo, io.lumen.handler.testing.TagMiddleware@tag]
                paths:
                  - {path: /a, method: GET, exec: [echo]}
                defaultHandlers: [tag, echo]
                """).start()) {
            assertEquals("GET /nowhere {}", svc.get("/nowhere").body());
            assertEquals("POST /a {}", svc.send(svc.request("/a").POST(HttpRequest.BodyPublishers.noBody()).build()).body());
            assertEquals("TagMiddleware", svc.get("/nowhere").headers().firstValue("X-Links").orElseThrow());
        }
    }

    @Test
    void listsMayComeAsStringsFromValuesYml() {
        try (TestService svc = TestService.in(dir)
                .file("values.yml", """
                        handler.handlers: io.lumen.handler.testing.EchoHandler@echo, io.lumen.handler.testing.TagMiddleware@tag
                        handler.paths: '[{"path": "/s", "method": "get", "exec": ["tag", "echo"]}]'
                        """)
                .file("handler.yml", """
                        handlers: ${handler.handlers}
                        paths: ${handler.paths}
                        """).start()) {
            assertEquals("GET /s {}", svc.get("/s").body());
            assertEquals("TagMiddleware", svc.get("/s").headers().firstValue("X-Links").orElseThrow());
        }
    }

    @Test
    void additionalHandlersChainsAndPathsExtendTheMainOnes() {
        try (TestService svc = TestService.in(dir).file("handler.yml", """
                handlers: [io.lumen.handler.testing.EchoHandler@echo]
                chains: {base: [echo]}
                paths: [{path: /a, method: GET, exec: [base]}]
                additionalHandlers: [io.lumen.handler.testing.TagMiddleware@tag]
                additionalChains: {tagged: [tag, echo]}
                additionalPaths: [{path: /b, method: GET, exec: [tagged]}]
                """).start()) {
            assertEquals(200, svc.get("/a").statusCode());
            assertEquals("TagMiddleware", svc.get("/b").headers().firstValue("X-Links").orElseThrow());
        }
    }

    @Test
    void disabledHandlerYmlServesNoRoutes() {
        try (TestService svc = TestService.in(dir).file("handler.yml", """
                enabled: false
                handlers: [io.lumen.handler.testing.EchoHandler@echo]
                paths: [{path: /a, method: GET, exec: [echo]}]
                """).start()) {
            assertEquals(404, svc.get("/a").statusCode());
        }
    }
}
