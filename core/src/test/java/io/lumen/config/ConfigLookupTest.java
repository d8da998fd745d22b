package io.lumen.config;

import static io.lumen.config.TestSupport.fails;
import static io.lumen.config.TestSupport.fixtureClassLoader;
import static io.lumen.config.TestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLookupTest {
    @TempDir Path tmp;

    private ConfigLoader loader(Path... dirs) {
        return ConfigLoader.builder().configDirs(List.of(dirs)).classLoader(fixtureClassLoader())
                .env(k -> null).build();
    }

    private static Object source(ConfigLoader loader, String name) {
        return ((Map<?, ?>) loader.find(name).orElseThrow().tree()).get("source");
    }

    @Test
    void firstDirectoryWins() {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        Path fromA = write(a, "shared.yml", "source: a\n");
        write(b, "shared.yml", "source: b\n");
        write(b, "onlyb.yml", "source: b\n");
        ConfigLoader loader = loader(a, b);
        assertEquals("a", source(loader, "shared"));
        assertEquals(fromA.toString(), loader.find("shared").orElseThrow().displayName());
        assertEquals("b", source(loader, "onlyb"));
    }

    @Test
    void directoryBeatsClasspathAndClasspathIsTheFallback() {
        write(tmp, "shared.yml", "source: dir\n");
        ConfigLoader loader = loader(tmp);
        assertEquals("dir", source(loader, "shared"));
        assertEquals("classpath-only", source(loader, "cponly"));
        assertEquals("classpath:config/cponly.yml", loader.find("cponly").orElseThrow().displayName());
        assertEquals("classpath-json", source(loader, "jsononly"));
    }

    @Test
    void ymlBeatsYamlBeatsJsonInOneDirectory() {
        write(tmp, "x.yml", "source: yml\n");
        write(tmp, "x.yaml", "source: yaml\n");
        write(tmp, "x.json", "{\"source\": \"json\"}");
        write(tmp, "y.yaml", "source: yaml\n");
        write(tmp, "y.json", "{\"source\": \"json\"}");
        write(tmp, "z.json", "{\"source\": \"json\", \"n\": [1, 2]}");
        ConfigLoader loader = loader(tmp);
        assertEquals("yml", source(loader, "x"));
        assertEquals("yaml", source(loader, "y"));
        assertEquals("json", source(loader, "z"));
        assertEquals(List.of(1, 2), ((Map<?, ?>) loader.find("z").orElseThrow().tree()).get("n"));
    }

    @Test
    void configDirsComeFromTheSystemProperty() {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        String old = System.getProperty(ConfigLoader.CONFIG_DIR_PROPERTY);
        try {
            System.setProperty(ConfigLoader.CONFIG_DIR_PROPERTY, a + File.pathSeparator + " " + File.pathSeparator + b);
            assertEquals(List.of(a, b), ConfigLoader.builder().build().configDirs());
            System.setProperty(ConfigLoader.CONFIG_DIR_PROPERTY, "  ");
            assertEquals(List.of(), ConfigLoader.fromSystem().configDirs());
        } finally {
            if (old == null) {
                System.clearProperty(ConfigLoader.CONFIG_DIR_PROPERTY);
            } else {
                System.setProperty(ConfigLoader.CONFIG_DIR_PROPERTY, old);
            }
        }
    }

    @Test
    void missingFileIsEmptyAndFindIsCached() {
        write(tmp, "server.yml", "port: 1\n");
        ConfigLoader loader = loader(tmp);
        assertFalse(loader.find("nothing").isPresent());
        assertSame(loader.find("server").orElseThrow(), loader.find("server").orElseThrow());
    }

    @Test
    void treeIsUnmodifiable() {
        write(tmp, "server.yml", "list: [a]\n");
        Map<?, ?> tree = (Map<?, ?>) loader(tmp).find("server").orElseThrow().tree();
        assertThrows(UnsupportedOperationException.class, () -> tree.clear());
        assertThrows(UnsupportedOperationException.class, () -> ((List<?>) tree.get("list")).clear());
    }

    @Test
    void emptyFileIsAnEmptyMap() {
        write(tmp, "empty.yml", "");
        assertEquals(Map.of(), loader(tmp).find("empty").orElseThrow().tree());
    }

    @Test
    void locateChecksDirsThenClasspathAndAbsolutePaths() throws Exception {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        Path keystore = write(b, "server.keystore", "dir keystore");
        write(b, "server.crt", "dir certificate");
        ConfigLoader loader = loader(a, b);
        assertEquals(keystore.toUri().toURL(), loader.locate("server.keystore").orElseThrow());
        try (InputStream in = loader.open("server.crt")) {
            assertEquals("dir certificate", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        try (InputStream in = loader(a).open("server.crt")) {
            assertEquals("classpath certificate\n", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertEquals(keystore.toUri().toURL(), loader(a).locate(keystore.toString()).orElseThrow());
        assertFalse(loader.locate(tmp.resolve("missing.jks").toString()).isPresent());
    }

    @Test
    void openMissingFileSaysWhereItLooked() {
        Path a = tmp.resolve("a");
        ConfigException e = fails(() -> loader(a).open("missing.jks"));
        assertEquals("missing.jks: file not found in " + a + " or classpath config/", e.getMessage());
        assertEquals("missing.jks", e.file());
        assertEquals(0, e.line());
        assertTrue(e.problem().startsWith("file not found"));
    }
}
