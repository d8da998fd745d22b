package io.lumen.service;

import com.fasterxml.jackson.databind.json.JsonMapper;
import io.lumen.config.ConfigLoader;
import org.xnio.Xnio;

/**
 * Startup work on two more threads, while the main thread sets up logging and builds the service: one
 * parses the config files ahead of use ({@link ConfigLoader#prefetch()}), one loads and initialises the
 * server's heavy classes (Jackson databind, Undertow, XNIO), so that a start uses every core. Purely an
 * optimisation: the main thread finds the parsed files and loaded classes, or does the same work itself;
 * any failure here is ignored (a broken file is reported by the main thread when it reads it).
 */
final class StartupWarmer {
    // In the order the main thread needs them: it builds handlers (Jackson for specs and bodies),
    // then starts Undertow.
    private static final String[] CLASSES = {
        "com.fasterxml.jackson.databind.ObjectMapper",
        "com.fasterxml.jackson.databind.json.JsonMapper",
        "com.fasterxml.jackson.databind.deser.BeanDeserializerFactory",
        "com.fasterxml.jackson.databind.introspect.POJOPropertiesCollector",
        "io.undertow.Undertow",
        "io.undertow.server.protocol.http.HttpOpenListener",
        "io.undertow.server.protocol.http.HttpReadListener",
        "io.undertow.server.protocol.http2.Http2OpenListener",
        "io.undertow.server.HttpServerExchange",
        "org.xnio.nio.NioXnioProvider",
        "org.xnio.nio.NioXnioWorker",
    };

    private StartupWarmer() {
    }

    static void start(ConfigLoader config) {
        daemon("lumen-config-prefetch", config::prefetch);
        daemon("lumen-class-warmer", StartupWarmer::warmClasses);
    }

    private static void daemon(String name, Runnable task) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        t.start();
    }

    private static void warmClasses() {
        ClassLoader cl = StartupWarmer.class.getClassLoader();
        for (String name : CLASSES) {
            try {
                Class.forName(name, true, cl);
                if (name.endsWith("POJOPropertiesCollector")) {
                    // databind's lazy parts (builder, tree reading) before the main thread reads specs and bodies
                    JsonMapper.builder().build().readTree("{\"a\":[1]}");
                }
            } catch (Throwable ignored) {
                // an optional class: the service loads what it needs itself
            }
        }
        try {
            Xnio.getInstance(); // provider lookup
        } catch (Throwable ignored) {
            // see above
        }
    }
}
