package io.lumen.service.reload;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class ConfigSnapshotTest {
    @TempDir
    Path dir;

    @Test
    void followsSymlinksSkipsConfigMapBookkeepingAndSeesContentChanges() throws Exception {
        Path data = Files.createDirectory(dir.resolve("..2026_1"));
        Files.writeString(data.resolve("handler.yml"), "a");
        Files.createSymbolicLink(dir.resolve("..data"), data.getFileName());
        Files.createSymbolicLink(dir.resolve("handler.yml"), Path.of("..data/handler.yml"));
        Files.writeString(dir.resolve("values.yml"), "x: 1");
        ConfigSnapshot before = ConfigSnapshot.of(List.of(dir));
        assertEquals(before, ConfigSnapshot.of(List.of(dir)));

        Files.writeString(data.resolve("handler.yml"), "b"); // same file name, same link: other content
        ConfigSnapshot after = ConfigSnapshot.of(List.of(dir));
        assertNotEquals(before, after);
        assertEquals(List.of(dir.resolve("handler.yml").toString()), after.changedSince(before));
        assertEquals(List.of(), after.notIn(before), "..data and ..2026_1 are not config files");

        Files.delete(dir.resolve("values.yml"));
        Files.writeString(dir.resolve("cors.yml"), "enabled: true");
        ConfigSnapshot third = ConfigSnapshot.of(List.of(dir));
        assertEquals(List.of(dir.resolve("cors.yml").toString()), third.notIn(after));
        assertEquals(List.of(dir.resolve("values.yml").toString()), after.notIn(third));
    }

    @Test
    void aMissingDirIsEmptyNotAnError() {
        assertEquals(ConfigSnapshot.of(List.of()), ConfigSnapshot.of(List.of(dir.resolve("absent"))));
    }
}
