package io.lumen.handler.chain;

import io.lumen.handler.testing.RecordingHooks;
import io.lumen.handler.testing.TestService;
import io.lumen.server.Readiness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Startup and shutdown hooks registered with ServiceLoader (see src/test/resources/META-INF/services). */
class LifecycleHooksTest {
    @TempDir
    Path dir;

    @Test
    void startupHooksRunBeforeReadinessAndShutdownHooksAfterDraining() {
        String id = "hooks-" + System.nanoTime();
        TestService svc = TestService.in(dir)
                .file("server.yml", "serviceId: " + id + "\n")
                .file("handler.yml", """
                        handlers: [io.lumen.handler.testing.EchoHandler@echo]
                        paths: [{path: /a, method: GET, exec: [echo]}]
                        """);
        svc.start();
        assertEquals(Readiness.State.READY, svc.service().state());
        svc.close();
        assertEquals(Readiness.State.STOPPED, svc.service().state());
        List<String> mine = RecordingHooks.EVENTS.stream().filter(e -> e.contains(id)).toList();
        assertEquals(List.of("startup:" + id + ":STARTING", "shutdown:" + id + ":DRAINING"), mine);
    }
}
