package io.lumen.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadedFilesTest {
    @TempDir Path dir;

    @Test
    void loadedListsFoundFilesOnceInLoadOrderWithValuesWhenRead() {
        TestSupport.write(dir, "values.yml", "b.x: 2\n");
        TestSupport.write(dir, "b.yml", "x: ${b.x:1}\n");
        TestSupport.write(dir, "a.yml", "y: 1\n");
        ConfigLoader loader = TestSupport.loader(dir);
        assertTrue(loader.loaded().isEmpty());

        loader.find("a");
        loader.find("missing");
        loader.find("b"); // injection reads values.yml first
        loader.find("a");

        List<String> names = loader.loaded().stream().map(ConfigFile::name).toList();
        assertEquals(List.of("a", "values", "b"), names);
    }

    @Test
    void loadedIsASnapshot() {
        TestSupport.write(dir, "a.yml", "y: 1\n");
        TestSupport.write(dir, "b.yml", "y: 2\n");
        ConfigLoader loader = TestSupport.loader(dir);
        loader.find("a");
        List<ConfigFile> before = loader.loaded();
        loader.find("b");
        assertEquals(1, before.size());
        assertEquals(2, loader.loaded().size());
    }
}
