package io.lumen.config;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.function.Executable;

/** Shared helpers: write fixture files, build loaders that never see the real environment or classpath config/. */
final class TestSupport {
    private TestSupport() {}

    static Path write(Path dir, String fileName, String content) {
        try {
            Files.createDirectories(dir);
            return Files.writeString(dir.resolve(fileName), content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A class loader whose {@code config/} is {@code src/test/resources/config-tests/cp/config}. */
    static ClassLoader fixtureClassLoader() {
        URL root = TestSupport.class.getResource("/config-tests/cp/");
        return new URLClassLoader(new URL[] {root}, null);
    }

    /** A class loader with no resources at all, so tests are not affected by other config/ folders. */
    static ClassLoader emptyClassLoader() {
        return new URLClassLoader(new URL[0], null);
    }

    static ConfigLoader loader(Path dir, Map<String, String> env) {
        return ConfigLoader.builder().configDirs(List.of(dir)).classLoader(emptyClassLoader()).env(env::get).build();
    }

    static ConfigLoader loader(Path dir) {
        return loader(dir, Map.of());
    }

    static ConfigException fails(Executable action) {
        return assertThrows(ConfigException.class, action);
    }
}
