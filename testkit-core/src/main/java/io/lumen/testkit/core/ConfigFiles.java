package io.lumen.testkit.core;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A test's config folder: files written from inline YAML or from a map (dumped as YAML by
 * SnakeYAML, the library Lumen's config loader reads with), plus value overrides that win over
 * every file (what a service's {@code ConfigLoader} takes as overrides). Write into a JUnit
 * {@code @TempDir} so each test gets a clean folder.
 *
 * <p>Not thread-safe: build it on the test's thread before starting anything.
 */
public final class ConfigFiles {
    private final Path dir;
    private final Map<String, Object> values = new LinkedHashMap<>();

    private ConfigFiles(Path dir) {
        this.dir = dir;
    }

    /** Config files written into {@code dir} (created if missing). */
    public static ConfigFiles in(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the config folder " + dir, e);
        }
        return new ConfigFiles(dir);
    }

    /** Writes {@code name} (e.g. {@code handler.yml}) with {@code yaml} as it is. */
    public ConfigFiles file(String name, String yaml) {
        Path file = dir.resolve(name);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, yaml);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return this;
    }

    /** Writes {@code name} as the YAML of {@code content} (nested maps and lists as YAML blocks). */
    public ConfigFiles file(String name, Map<String, ?> content) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        return file(name, new Yaml(options).dump(content));
    }

    /** An override of one config value ({@code file.key}, e.g. {@code server.serviceId}); it beats the files. */
    public ConfigFiles value(String key, Object value) {
        values.put(key, value);
        return this;
    }

    /** The folder the files are in. */
    public Path dir() {
        return dir;
    }

    /** The overrides, in the order they were set (a read-only view). */
    public Map<String, Object> values() {
        return Collections.unmodifiableMap(values);
    }
}
