package io.lumen.config;

import static io.lumen.config.TestSupport.fails;
import static io.lumen.config.TestSupport.loader;
import static io.lumen.config.TestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YamlErrorsTest {
    @TempDir Path tmp;

    @Test
    void syntaxErrorHasFileAndLine() {
        Path file = write(tmp, "server.yml", "a: 1\nb: [1, 2\nc: 3\n");
        ConfigException e = fails(() -> loader(tmp).find("server"));
        assertEquals(file.toString(), e.file());
        assertTrue(e.line() >= 2, "line " + e.line());
        assertTrue(e.getMessage().startsWith(file + ":" + e.line() + ": "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
    }

    @Test
    void badIndentationPointsAtTheLine() {
        Path file = write(tmp, "server.yml", "a: 1\nb: 2\n  c: 3\n");
        ConfigException e = fails(() -> loader(tmp).find("server"));
        assertEquals(3, e.line(), e.getMessage());
        assertEquals(file + ":3: mapping values are not allowed here", e.getMessage());
    }

    @Test
    void aDuplicateKeyTakesTheLaterValueAsLight4jDid() {
        // lightapi/portal-config-loc all-in-lt/hybrid-command/config/values.yml (f77252d35c47) gives
        // client.tokenCcClientId on lines 10 and 15; light-4j's SnakeYAML kept the later one
        write(tmp, "values.yml", "client.tokenCcClientId: f7d42348\nclient.tokenKeyUri: /keys\nclient.tokenCcClientId: later\n");
        write(tmp, "server.yml", "serviceId: ${client.tokenCcClientId}\n");
        ConfigFile server = loader(tmp).find("server").orElseThrow();
        assertEquals("later", ((java.util.Map<?, ?>) server.tree()).get("serviceId"));
        assertEquals(3, loader(tmp).find("values").orElseThrow().lineOf("/client.tokenCcClientId"), "the later line");
    }

    @Test
    void badJsonHasFileAndLine() {
        Path file = write(tmp, "server.json", "{\n  \"a\": 1,\n  \"b\": [\n}\n");
        ConfigException e = fails(() -> loader(tmp).find("server"));
        assertEquals(file.toString(), e.file());
        assertTrue(e.line() >= 3, e.getMessage());
    }

    @Test
    void linesAreRecordedForKeysAndListItems() {
        write(tmp, "handler.yml", String.join("\n",
                "# header",
                "handlers:",
                "  - a",
                "  - b",
                "paths:",
                "  - path: /x",
                "    exec:",
                "      - a",
                ""));
        ConfigFile f = loader(tmp).find("handler").orElseThrow();
        assertEquals(2, f.lineOf("/handlers"));
        assertEquals(3, f.lineOf("/handlers/0"));
        assertEquals(4, f.lineOf("/handlers/1"));
        assertEquals(6, f.lineOf("/paths/0"));
        assertEquals(7, f.lineOf("/paths/0/exec"));
        assertEquals(8, f.lineOf("/paths/0/exec/0"));
        assertEquals(7, f.lineOf("/paths/0/exec/5"), "walks up to the nearest parent");
        assertEquals(0, loader(tmp).find("nothing").map(x -> 1).orElse(0));
        ConfigException e = f.error("/paths/0/exec/0", "not a handler");
        assertEquals(f.displayName() + ":8: paths[0].exec[0]: not a handler", e.getMessage());
    }

    @Test
    void timestampsStayText() {
        write(tmp, "x.yml", "date: 2024-01-31\n");
        assertEquals("2024-01-31", ((Map<?, ?>) loader(tmp).find("x").orElseThrow().tree()).get("date"));
    }
}
