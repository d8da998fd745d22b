package io.lumen.spring.it;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts the test application by hand, on a free port, for tests that need several or need to close one. */
final class Apps {
    private Apps() {
    }

    /** A config dir of the shared test resources (spring-boot/common/src/it/resources), from the test class path. */
    static String dir(String name) {
        try {
            return Path.of(Apps.class.getResource("/" + name).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static ConfigurableApplicationContext start(String configDir, String... properties) {
        return start(TestApp.class, configDir, properties);
    }

    /** {@code app} (another test application) with Lumen's files from {@code configDir}. */
    static ConfigurableApplicationContext start(Class<?> app, String configDir, String... properties) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--lumen.config-dir=" + Path.of(configDir).toAbsolutePath(),
                "--test.jwt.certificate=" + DevKey.CERTIFICATE,
                "--spring.jmx.enabled=false"));
        for (String p : properties) {
            args.add("--" + p);
        }
        return new SpringApplicationBuilder(app).run(args.toArray(String[]::new));
    }

    static URI uri(ConfigurableApplicationContext context, String path) {
        int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
