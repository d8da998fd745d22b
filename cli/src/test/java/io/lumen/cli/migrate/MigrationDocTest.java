package io.lumen.cli.migrate;

import io.lumen.handler.light4j.Light4jHandler;
import io.lumen.handler.light4j.Light4jHandlers;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** docs/migrating-from-light-4j.md names every light-4j class and module file the code maps or leaves out. */
class MigrationDocTest {
    @Test
    void theDocListsEveryHandlerClassAndModuleFileOfTheTables() throws IOException {
        String doc = Files.readString(Path.of("../docs/migrating-from-light-4j.md"));
        List<String> missing = new ArrayList<>();
        for (Light4jHandler h : Light4jHandlers.all()) {
            String row = "| `" + h.className() + "` | " + (h.kind() == Light4jHandler.Kind.BUILTIN ? "built-in `" + h.builtin() + "`" : "");
            if (!doc.contains(row)) {
                missing.add(h.className());
            }
        }
        for (String module : Light4jModules.names()) {
            if (!doc.contains("| `" + module + ".yml` | " + Light4jModules.insteadOf(module).orElseThrow() + " |")) {
                missing.add(module + ".yml");
            }
        }
        assertEquals(List.of(), missing, "rows missing or out of date in docs/migrating-from-light-4j.md");
    }
}
