package io.lumen.service;

/**
 * Startup: loads the server's heavy classes (Undertow, XNIO, Jackson databind) on a second thread
 * while the main thread sets up logging and reads the config files, so class loading uses both
 * cores. Purely an optimisation: it creates nothing the service uses, and any failure here is
 * ignored (the main thread loads the same classes anyway).
 */
final class ClassWarmer {
    // In the order the main thread needs them: it sets up logging first, then binds config with
    // Jackson and SnakeYAML, then starts Undertow.
    private static final String[] CLASSES = {
        "com.fasterxml.jackson.databind.ObjectMapper",
        "com.fasterxml.jackson.databind.json.JsonMapper",
        "com.fasterxml.jackson.databind.deser.BeanDeserializerFactory",
        "com.fasterxml.jackson.databind.introspect.POJOPropertiesCollector",
        "org.yaml.snakeyaml.Yaml",
        "org.yaml.snakeyaml.composer.Composer",
        "io.undertow.Undertow",
        "io.undertow.server.protocol.http.HttpOpenListener",
        "io.undertow.server.protocol.http.HttpReadListener",
        "io.undertow.server.protocol.http2.Http2OpenListener",
        "io.undertow.server.HttpServerExchange",
        "org.xnio.nio.NioXnioProvider",
        "org.xnio.nio.NioXnioWorker",
    };

    private ClassWarmer() {
    }

    static void start() {
        Thread t = new Thread(ClassWarmer::warm, "lumen-class-warmer");
        t.setDaemon(true);
        t.start();
    }

    private static void warm() {
        ClassLoader cl = ClassWarmer.class.getClassLoader();
        for (String name : CLASSES) {
            try {
                Class.forName(name, true, cl);
                if (name.endsWith("POJOPropertiesCollector")) {
                    // databind's lazy parts (builder, deserializer caches) before the main thread binds config
                    com.fasterxml.jackson.databind.json.JsonMapper.builder().build().readTree("{\"a\":[1]}");
                }
            } catch (Throwable ignored) {
                // an optional class: the service loads what it needs itself
            }
        }
        try {
            org.xnio.Xnio.getInstance(); // provider lookup
        } catch (Throwable ignored) {
            // see above
        }
    }
}
