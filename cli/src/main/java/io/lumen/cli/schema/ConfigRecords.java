package io.lumen.cli.schema;

import io.lumen.service.assembly.ConfigCheck;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The config files bound to a record, by base name, from the modules' own lists
 * ({@code META-INF/lumen/configs.properties}, read by {@link ConfigCheck#records}), the list startup's
 * one-pass check binds: what {@code lumen migrate} compares light-4j's keys with and what the JSON
 * Schemas are generated from.
 */
public final class ConfigRecords {
    /** Base name to record, sorted by name. */
    public static final Map<String, Class<? extends Record>> FILES = files();

    private ConfigRecords() {
    }

    private static Map<String, Class<? extends Record>> files() {
        ClassLoader loader = ConfigRecords.class.getClassLoader();
        Map<String, Class<? extends Record>> files = new LinkedHashMap<>();
        ConfigCheck.records(loader).forEach((name, className) -> {
            try {
                files.put(name, Class.forName(className, false, loader).asSubclass(Record.class));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("configs.properties names " + className + ", which is not on the classpath", e);
            }
        });
        return Collections.unmodifiableMap(files);
    }
}
