package io.lumen.handler.chain;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Short names of built-in handlers ({@code exception}, {@code cors}, ...), read from every
 * {@code META-INF/lumen/handlers.properties} on the classpath ({@code name=FQCN}), so handler.yml
 * can use a built-in in a chain without declaring it under {@code handlers}.
 */
final class Builtins {
    static final String RESOURCE = "META-INF/lumen/handlers.properties";

    private final Map<String, String> classByName;

    private Builtins(Map<String, String> classByName) {
        this.classByName = classByName;
    }

    static Builtins load(ClassLoader cl) {
        Map<String, String> names = new LinkedHashMap<>();
        try {
            Enumeration<URL> urls = cl.getResources(RESOURCE);
            while (urls.hasMoreElements()) {
                Properties p = new Properties();
                try (InputStream in = urls.nextElement().openStream()) {
                    p.load(in);
                }
                p.stringPropertyNames().forEach(n -> names.putIfAbsent(n.trim(), p.getProperty(n).trim()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        return new Builtins(names);
    }

    /** The class of built-in {@code name}, or {@code null}. */
    String className(String name) {
        return classByName.get(name);
    }

    Map<String, String> all() {
        return classByName;
    }
}
