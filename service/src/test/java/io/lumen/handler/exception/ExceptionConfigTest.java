package io.lumen.handler.exception;

import io.lumen.handler.observability.Services;
import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ExceptionConfigTest {
    @TempDir
    Path dir;

    @Test
    void disabledExceptionMiddlewareLeavesFailuresToTheLastResortGuard() {
        try (TestService s = Services.in(dir).file("exception.yml", "enabled: false\n").file("handler.yml", """
                handlers: [io.lumen.handler.observability.Throwing@boom]
                paths:
                  - {path: /boom, method: GET, exec: [exception, boom]}
                """).start()) {
            var r = s.get("/boom");
            assertEquals(500, r.statusCode());
            assertEquals(true, r.body().contains("ERR10010"));
        }
    }

    @Test
    void defaultsAreEnabledWithStackTraces() {
        ExceptionConfig c = new ExceptionConfig(null, null);
        assertEquals(true, c.enabled());
        assertEquals(true, c.logStackTraces());
    }
}
