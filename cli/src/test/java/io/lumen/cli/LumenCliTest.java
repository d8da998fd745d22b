package io.lumen.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.lumen.cli.Light4jFolders.lumen;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LumenCliTest {
    @TempDir
    Path dir;

    @Test
    void generateIsTheCodeGeneratorsCommand() {
        Path spec = Path.of("../config/petstore/embedded/openapi.yaml").toAbsolutePath().normalize();
        var run = lumen("generate", "-i", spec.toString(), "-o", dir.resolve("petstore").toString(), "--artifact", "petstore");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("operation(s);"), run.out());
        assertTrue(Files.isRegularFile(dir.resolve("petstore/pom.xml")));
    }

    @Test
    void withoutACommandItSaysWhichThereAre() {
        var run = lumen();
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("name a command: generate, check, migrate or schema"), run.err());
        var schema = lumen("schema", "-o", dir.resolve("schemas").toString());
        assertEquals(0, schema.exit(), schema.err());
        assertTrue(Files.isRegularFile(dir.resolve("schemas/handler.schema.json")));
    }
}
