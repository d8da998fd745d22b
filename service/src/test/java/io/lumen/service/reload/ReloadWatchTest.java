package io.lumen.service.reload;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.lumen.handler.testing.TestService;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * reload.yml {@code watch: true} on a config dir laid out as Kubernetes mounts a ConfigMap: the
 * files are symlinks into {@code ..data}, itself a symlink to a timestamped directory, and an
 * update swaps {@code ..data} atomically (no event on the files themselves).
 */
class ReloadWatchTest {
    @TempDir
    Path dir;
    TestService svc;
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private final Logger reloaderLog = (Logger) LoggerFactory.getLogger(Reloader.class);
    private int version;

    @AfterEach
    void stop() {
        reloaderLog.detachAppender(log);
        if (svc != null) {
            svc.close();
        }
    }

    /** Writes a new timestamped directory and swaps {@code ..data} to it, as the kubelet does. */
    private void configMap(Map<String, String> files) throws IOException {
        Path target = dir.resolve("..2026_11_24_" + (++version));
        Files.createDirectory(target);
        for (Map.Entry<String, String> f : files.entrySet()) {
            Files.writeString(target.resolve(f.getKey()), f.getValue());
            Path link = dir.resolve(f.getKey());
            if (!Files.isSymbolicLink(link)) {
                Files.createSymbolicLink(link, Path.of("..data", f.getKey()));
            }
        }
        Path tmp = dir.resolve("..data_tmp");
        Files.createSymbolicLink(tmp, target.getFileName());
        Files.move(tmp, dir.resolve("..data"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    @Test
    void aConfigMapUpdateIsReloadedAndABrokenOneIsRefusedWhileTheOldKeepsServing() throws Exception {
        reloaderLog.addAppender(log);
        log.start();
        configMap(Map.of("handler.yml", ReloadTest.HANDLER_V1, "greeting.yml", "message: one\n"));
        svc = TestService.in(dir).file("reload.yml", "watch: true\nwatchInterval: 50\ndebounce: 50\n").start();
        assertEquals("one", svc.get("/old").body());

        configMap(Map.of("handler.yml", ReloadTest.HANDLER_V2, "greeting.yml", "message: two\n"));
        Await.until(() -> svc.get("/new").statusCode() == 200, Duration.ofSeconds(20), "the watcher reloads the ConfigMap's new content");
        assertEquals("two", svc.get("/greeting").body());
        assertEquals(404, svc.get("/old").statusCode());
        assertEquals(2, svc.service().generation());

        configMap(Map.of("handler.yml", "paths: [{path: /x, method: GET, exec: [nothingLikeThis]}]\n",
                "greeting.yml", "message: three\n"));
        Await.until(() -> log.list.stream().anyMatch(e -> e.getFormattedMessage().contains("refused")
                && e.getFormattedMessage().contains("handler.yml:1")), Duration.ofSeconds(20), "the broken update is refused with its line");
        assertEquals("two", svc.get("/greeting").body());
        assertEquals(2, svc.service().generation());

        configMap(Map.of("handler.yml", ReloadTest.HANDLER_V1, "greeting.yml", "message: four\n"));
        Await.until(() -> svc.get("/old").statusCode() == 200, Duration.ofSeconds(20), "the next good update is reloaded");
        assertEquals("four", svc.get("/greeting").body());
        assertEquals(3, svc.service().generation());
    }
}
