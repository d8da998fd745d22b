package io.lumen.config;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Where a {@link ConfigLoader} looks, the light-4j way: the config dirs in order, then classpath
 * {@code config/}; a config file is {@code <name>.yml}, {@code .yaml} or {@code .json}, first hit wins.
 * Immutable; shared by a loader and its {@link ConfigLoader#reread() rereads}.
 */
final class ConfigPlaces {
    private static final List<String> EXTENSIONS = List.of(".yml", ".yaml", ".json");

    /** Parses one found config file (its base name, the name to show in messages, its bytes). */
    interface Parser {
        ConfigFile parse(String name, String displayName, InputStream in);
    }

    private final List<Path> dirs;
    private final ClassLoader classLoader;

    /** @param dirs null: the {@code light-4j-config-dir} system property; classLoader null: the context class loader */
    ConfigPlaces(List<Path> dirs, ClassLoader classLoader) {
        this.dirs = List.copyOf(dirs != null ? dirs : dirsFromSystemProperty());
        ClassLoader cl = classLoader != null ? classLoader : Thread.currentThread().getContextClassLoader();
        this.classLoader = cl != null ? cl : ConfigPlaces.class.getClassLoader();
    }

    List<Path> dirs() {
        return dirs;
    }

    /** The first config file of that base name, parsed; empty when no place has one. */
    Optional<ConfigFile> readFirst(String name, Parser parser) {
        for (Path dir : dirs) {
            for (String ext : EXTENSIONS) {
                Path file = dir.resolve(name + ext);
                if (Files.isRegularFile(file)) {
                    try (InputStream in = Files.newInputStream(file)) {
                        return Optional.of(parser.parse(name, file.toString(), in));
                    } catch (IOException e) {
                        throw new ConfigException(file.toString(), 0, null, "cannot read: " + e.getMessage(), e);
                    }
                }
            }
        }
        for (String ext : EXTENSIONS) {
            String resource = "config/" + name + ext;
            URL url = classLoader.getResource(resource);
            if (url != null) {
                try (InputStream in = url.openStream()) {
                    return Optional.of(parser.parse(name, "classpath:" + resource, in));
                } catch (IOException e) {
                    throw new ConfigException("classpath:" + resource, 0, null, "cannot read: " + e.getMessage(), e);
                }
            }
        }
        return Optional.empty();
    }

    /** A non-config file (keystore, certificate, spec): absolute paths as is, else config dirs, then classpath. */
    Optional<URL> locate(String fileName) {
        Path asPath = Path.of(fileName);
        if (asPath.isAbsolute()) {
            return Files.isRegularFile(asPath) ? Optional.of(toUrl(asPath)) : Optional.empty();
        }
        for (Path dir : dirs) {
            Path candidate = dir.resolve(fileName);
            if (Files.isRegularFile(candidate)) {
                return Optional.of(toUrl(candidate));
            }
        }
        return Optional.ofNullable(classLoader.getResource("config/" + fileName));
    }

    /** Opens a located file; a missing file is a {@link ConfigException} that says where we looked. */
    InputStream open(String fileName) {
        URL url = locate(fileName).orElseThrow(() -> new ConfigException(fileName, 0, null, "file not found in "
                + (dirs.isEmpty() ? "" : dirs.stream().map(Path::toString).collect(Collectors.joining(", "))
                + " or ") + "classpath config/"));
        try {
            return url.openStream();
        } catch (IOException e) {
            throw new ConfigException(fileName, 0, null, "cannot open " + url + ": " + e.getMessage(), e);
        }
    }

    /** The base names of the config files of the config dirs, sorted per dir. */
    Set<String> fileNames() {
        Set<String> names = new LinkedHashSet<>();
        for (Path dir : dirs) {
            try (Stream<Path> files = Files.list(dir)) {
                files.map(f -> f.getFileName().toString()).sorted().forEach(file -> EXTENSIONS.stream()
                        .filter(file::endsWith).findFirst()
                        .ifPresent(ext -> names.add(file.substring(0, file.length() - ext.length()))));
            } catch (IOException | RuntimeException e) {
                // an unreadable dir is reported by whoever reads from it
            }
        }
        return names;
    }

    private static List<Path> dirsFromSystemProperty() {
        String prop = System.getProperty(ConfigLoader.CONFIG_DIR_PROPERTY);
        List<Path> dirs = new ArrayList<>();
        if (prop != null) {
            for (String part : prop.split(File.pathSeparator)) {
                if (!part.isBlank()) {
                    dirs.add(Path.of(part.trim()));
                }
            }
        }
        return dirs;
    }

    private static URL toUrl(Path path) {
        try {
            return path.toUri().toURL();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
