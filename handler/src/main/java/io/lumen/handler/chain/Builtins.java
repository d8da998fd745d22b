package io.lumen.handler.chain;

import io.lumen.config.ClasspathProperties;

import java.util.Map;

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
        return new Builtins(ClasspathProperties.readAll(cl, RESOURCE));
    }

    /** The class of built-in {@code name}, or {@code null}. */
    String className(String name) {
        return classByName.get(name);
    }

    Map<String, String> all() {
        return classByName;
    }
}
