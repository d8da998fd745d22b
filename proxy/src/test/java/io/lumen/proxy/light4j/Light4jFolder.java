package io.lumen.proxy.light4j;

import io.lumen.config.ConfigLoader;
import io.lumen.service.LumenService;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A light-4j config folder of {@code src/test/resources/light4j} (see its README), copied as it is
 * into a test's own folder and started on Lumen with free ports, an empty environment and the few
 * overrides a test needs (an upstream's address): as an operator runs it with
 * {@code -Dlight-4j-config-dir}.
 */
final class Light4jFolder {
    private static final Path RESOURCES = Path.of("src/test/resources/light4j");

    private final Path dir;
    private final Map<String, Object> overrides = new LinkedHashMap<>();

    private Light4jFolder(Path dir) {
        this.dir = dir;
    }

    /** Copies folder {@code name} into {@code into}. */
    static Light4jFolder copy(String name, Path into) {
        try (Stream<Path> files = Files.list(RESOURCES.resolve(name))) {
            for (Path f : files.toList()) {
                Files.copy(f, into.resolve(f.getFileName()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Light4jFolder(into);
    }

    /** A value that beats the folder's files, as an environment variable would. */
    Light4jFolder value(String key, Object value) {
        overrides.put(key, value);
        return this;
    }

    ConfigLoader loader() {
        return ConfigLoader.builder().configDirs(List.of(dir)).overrides(overrides).env(k -> null).build();
    }

    /** Starts it with every listener the files ask for on a free port. */
    LumenService start() {
        return LumenService.start(loader(), server -> server.withPorts(0, 0));
    }
}
