package io.lumen.codegen.project;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The versions a generated project pins, from {@code io/lumen/codegen/versions.properties} (filled
 * in from Lumen's parent pom when the generator is built): Lumen's own and the build plugins'.
 */
public final class Versions {
    private static final Properties VERSIONS = load();

    private Versions() {
    }

    /** The Lumen version the generator belongs to. */
    public static String lumen() {
        return VERSIONS.getProperty("lumen");
    }

    /** Plugin versions by short name: compiler, surefire, shade, ... */
    static Map<String, String> plugins() {
        Map<String, String> out = new TreeMap<>();
        VERSIONS.stringPropertyNames().forEach(k -> out.put(k, VERSIONS.getProperty(k)));
        return out;
    }

    private static Properties load() {
        try (InputStream in = Versions.class.getResourceAsStream("/io/lumen/codegen/versions.properties")) {
            Properties p = new Properties();
            if (in == null) {
                throw new IllegalStateException("io/lumen/codegen/versions.properties is missing from the generator");
            }
            p.load(in);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
