package io.lumen.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Merges every copy of a properties resource on the classpath (one per module jar, e.g.
 * {@code META-INF/lumen/handlers.properties}) into one map; the first jar that names a key wins.
 */
public final class ClasspathProperties {
    private ClasspathProperties() {
    }

    /** Every {@code name=value} of every {@code resource} on {@code classLoader}, trimmed, first one winning. */
    public static Map<String, String> readAll(ClassLoader classLoader, String resource) {
        Map<String, String> all = new LinkedHashMap<>();
        try {
            Enumeration<URL> urls = classLoader.getResources(resource);
            while (urls.hasMoreElements()) {
                Properties p = new Properties();
                try (InputStream in = urls.nextElement().openStream()) {
                    p.load(in);
                }
                p.stringPropertyNames().forEach(n -> all.putIfAbsent(n.trim(), p.getProperty(n).trim()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
        return all;
    }
}
