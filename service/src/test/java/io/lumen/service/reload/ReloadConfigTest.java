package io.lumen.service.reload;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** reload.yml: the shipped example binds to the defaults, placeholders take values, mistakes name their line. */
class ReloadConfigTest {
    @TempDir
    Path dir;

    private static ConfigLoader loader(Path dir, Map<String, ?> overrides) {
        return ConfigLoader.builder().configDirs(List.of(dir)).classLoader(new URLClassLoader(new URL[0], null))
                .env(k -> null).overrides(overrides).build();
    }

    private static Path examples() throws Exception {
        return Path.of(ReloadConfigTest.class.getResource("/lumen/config-examples/reload.yml").toURI()).getParent();
    }

    @Test
    void theExampleBindsToTheDefaults() throws Exception {
        ReloadConfig c = ReloadConfig.load(loader(examples(), Map.of()));
        assertEquals(new ReloadConfig(null, null, null, null, null, null), c);
        assertEquals(List.of("127.0.0.0/8", "::1/128"), c.allowedFrom());
        assertEquals(false, c.watch());
        assertEquals(2000L, c.watchInterval());
        assertEquals(1000L, c.debounce());
        assertEquals(30_000L, c.drainTimeout());
    }

    @Test
    void placeholdersTakeValuesFromTheEnvironmentOrValues() throws Exception {
        ReloadConfig c = ReloadConfig.load(loader(examples(), Map.of("reload.watch", true,
                "reload.allowedFrom", "10.0.0.0/8, 127.0.0.1", "reload.drainTimeout", 5000)));
        assertEquals(true, c.watch());
        assertEquals(List.of("10.0.0.0/8", "127.0.0.1"), c.allowedFrom());
        assertEquals(5000L, c.drainTimeout());
    }

    @Test
    void mistakesNameTheFileLineAndKey() throws Exception {
        Files.writeString(dir.resolve("reload.yml"), "watch: true\nwatchInterval: 10\n");
        ConfigException interval = assertThrows(ConfigException.class, () -> ReloadConfig.load(loader(dir, Map.of())));
        assertTrue(interval.getMessage().contains("reload.yml"), interval.getMessage());
        assertTrue(interval.getMessage().contains("watchInterval must be at least 50 ms, got 10"), interval.getMessage());

        Files.writeString(dir.resolve("reload.yml"), "allowedFrom:\n  - 127.0.0.1\n  - 10.0.0.0/40\n");
        ConfigException range = assertThrows(ConfigException.class, () -> ReloadConfig.load(loader(dir, Map.of())));
        assertTrue(range.getMessage().contains("reload.yml:3: allowedFrom[1]: '10.0.0.0/40': the prefix length must be 0-32"),
                range.getMessage());

        Files.writeString(dir.resolve("reload.yml"), "drainTimout: 5\n");
        ConfigException unknown = assertThrows(ConfigException.class, () -> ReloadConfig.load(loader(dir, Map.of())));
        assertTrue(unknown.getMessage().contains("reload.yml:1: drainTimout"), unknown.getMessage());
    }
}
