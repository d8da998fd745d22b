package io.lumen.cli.check;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.lumen.cli.Light4jFolders.folder;
import static io.lumen.cli.Light4jFolders.lumen;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lumen check}: offline, every problem of a folder in one run, exit 0/1. */
class CheckTest {
    @TempDir
    Path dir;

    @Test
    void aMigratedLight4jFolderPasses() {
        Path out = dir.resolve("proxy");
        assertEquals(0, lumen("migrate", folder("light-proxy").toString(), "-o", out.toString()).exit());
        var run = lumen("check", out.toString());
        assertEquals(0, run.exit(), run.out());
        assertTrue(run.out().endsWith(out + ": ok\n") || run.out().contains(out + ": ok"), run.out());
    }

    @Test
    void everyBrokenFileIsNamedInOneRunAndTheExitCodeIsOne() throws Exception {
        Path broken = Files.createDirectories(dir.resolve("broken"));
        Files.writeString(broken.resolve("server.yml"), "httpPort: not-a-port\n");
        Files.writeString(broken.resolve("cors.yml"), "enabled: true\nallowedOrigin: [https://a.example]\n");
        Files.writeString(broken.resolve("handler.yml"), """
                handlers: []
                paths:
                  - {path: /x, method: GET, exec: [nosuch]}
                """);
        Files.writeString(broken.resolve("app-status.yml"), "ERR20001:\n  statusCode: 999\n");
        Path fine = Files.createDirectories(dir.resolve("fine"));
        Files.writeString(fine.resolve("handler.yml"), "handlers: []\npaths:\n  - {path: /h, method: GET, exec: [health]}\n");

        var run = lumen("check", broken.toString(), fine.toString());
        assertEquals(1, run.exit(), run.out());
        for (String expected : new String[] {
                broken.resolve("server.yml") + ":1: httpPort",
                broken.resolve("cors.yml") + ":2: allowedOrigin",
                broken.resolve("app-status.yml") + ":2: ERR20001.statusCode",
                broken.resolve("handler.yml") + ":3: paths[0].exec[0]: unknown handler or chain 'nosuch'"}) {
            assertTrue(run.out().contains("error: " + expected), expected + "\n" + run.out());
        }
        assertTrue(run.out().contains(fine + ": ok"), run.out());
        assertTrue(run.out().contains(broken + ": 4 error(s)"), run.out());
    }
}
