package io.lumen.spring.embed;

import io.lumen.config.ConfigLoader;
import io.lumen.config.SpecFiles;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.SpecLoader;
import org.springframework.core.env.Environment;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where Spring applications keep their spec: when Lumen's config dirs and the classpath folder
 * {@code config/} have no openapi.yaml/.yml/.json (nor swagger.*, a Swagger 2.0 spec), the classpath root
 * ({@code openapi.*}, else {@code swagger.*}) and then
 * {@code static/} are searched, and the spec found there is the service's (its {@code $ref}s relative to
 * it). In a directory (an IDE, tests, {@code spring-boot:run}) it is read as a file of that directory, so
 * its errors name the real file; inside a jar it is read through the class loader as if it were in
 * {@code config/}, so its errors say {@code classpath:config/...} (the startup log names the real place).
 */
final class ClasspathSpec {
    private static final List<String> FOLDERS = List.of("", "static/");
    private static final List<String> EXTENSIONS = List.of(".yml", ".yaml", ".json");
    private static final Pattern SPEC_USERS = Pattern.compile("\\b(specification|validator)\\b");

    private ClasspathSpec() {
    }

    /**
     * The spec at the classpath root or in {@code static/}, placeholders resolved as in Lumen's files,
     * when handler.yml names the middleware that use a spec (else an application's spec that Lumen
     * never uses is not read); empty otherwise.
     */
    static Optional<Found> find(ConfigLoader config, ClassLoader cl, Environment environment) {
        if (SpecFiles.find(config).isPresent() || !config.find("handler")
                .map(f -> SPEC_USERS.matcher(String.valueOf(f.tree())).find()).orElse(false)) {
            return Optional.empty();
        }
        Map<String, Object> overrides = ConfigDirs.springOverrides(environment);
        for (String folder : FOLDERS) {
            for (String fileName : SpecFiles.BASE_NAMES.stream().flatMap(n -> EXTENSIONS.stream().map(e -> n + e)).toList()) {
                URL url = cl.getResource(folder + fileName);
                if (url == null) {
                    continue;
                }
                ConfigLoader.Builder b = ConfigLoader.builder().values(new SpringValueSource(environment)).overrides(overrides);
                Path dir = directoryOf(url);
                if (dir != null) {
                    b.configDirs(List.of(dir)).classLoader(new URLClassLoader(new URL[0], null)); // the directory alone
                } else {
                    b.configDirs(List.of()).classLoader(new Folder(cl, folder));
                }
                return Optional.of(new Found(SpecLoader.load(b.build()), url.toString()));
            }
        }
        return Optional.empty();
    }

    /** The spec and where it was found. */
    record Found(OpenApiSpec spec, String location) {
    }

    private static Path directoryOf(URL url) {
        if (!"file".equals(url.getProtocol())) {
            return null;
        }
        try {
            File parent = new File(url.toURI()).getParentFile();
            return parent == null ? null : parent.toPath();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    /** A class loader whose {@code config/} is {@code folder} of the application's class path. */
    private static final class Folder extends ClassLoader {
        private final ClassLoader app;
        private final String folder;

        Folder(ClassLoader app, String folder) {
            super(null);
            this.app = app;
            this.folder = folder;
        }

        @Override
        public URL getResource(String name) {
            return name.startsWith("config/") ? app.getResource(folder + name.substring("config/".length())) : null;
        }

        @Override
        public Enumeration<URL> getResources(String name) throws IOException {
            return name.startsWith("config/") ? app.getResources(folder + name.substring("config/".length()))
                    : Collections.emptyEnumeration();
        }
    }
}
