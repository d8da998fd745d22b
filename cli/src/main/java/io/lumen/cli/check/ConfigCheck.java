package io.lumen.cli.check;

import io.lumen.cli.schema.ConfigRecords;
import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import io.lumen.server.ServerConfig;
import io.lumen.service.ServiceAssembly;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusCatalogue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Checks one config folder offline through the loading path a service's startup takes, without a
 * server: every file parsed and injected, every config record bound (from its file or from
 * values.yml's module keys), the status table, then the service assembled (handler.yml's chains and
 * routes, each middleware built with its config) and closed again. Each step's problem is collected
 * instead of stopping the check, so one run names every broken file; warnings the loading path logs
 * (unread values.yml keys, light-4j carry-overs) are collected too.
 */
public final class ConfigCheck {
    private static final List<String> EXTENSIONS = List.of(".yml", ".yaml", ".json");

    /** What a check found: errors fail it, warnings do not. */
    public record Result(Path dir, List<String> errors, List<String> warnings) {
        public boolean passed() {
            return errors.isEmpty();
        }
    }

    private ConfigCheck() {
    }

    /**
     * Checks {@code dir} with the environment {@code env} (the process's for the command line),
     * loading handler classes through {@code classLoader}.
     */
    public static Result check(Path dir, Function<String, String> env, ClassLoader classLoader) {
        Set<String> errors = new LinkedHashSet<>();
        List<String> warnings;
        try (WarningCapture capture = WarningCapture.open()) {
            if (!Files.isDirectory(dir)) {
                errors.add(dir + ": not a folder");
            } else {
                ConfigLoader config = ConfigLoader.builder().configDirs(List.of(dir)).env(env).classLoader(classLoader).build();
                List<String> names = configNames(dir);
                for (String name : names) {
                    step(errors, () -> config.find(name));
                }
                Set<String> moduleKeys = moduleKeys(config);
                for (Map.Entry<String, Class<? extends Record>> file : ConfigRecords.FILES.entrySet()) {
                    // a record whose file is absent and that values.yml does not set is not read by startup either
                    if (names.contains(file.getKey()) || moduleKeys.contains(file.getKey())) {
                        step(errors, () -> config.load(file.getKey(), file.getValue()));
                    }
                }
                // the assembly goes on with defaults where server.yml or the status table failed, so that
                // the handler.yml and middleware problems behind them are found in the same run
                ServerConfig server = or(errors, () -> config.load("server", ServerConfig.class),
                        () -> defaults().load("server", ServerConfig.class));
                StatusCatalogue status = or(errors, () -> StatusCatalogue.load(config), () -> StatusCatalogue.load(defaults()));
                step(errors, () -> assemble(config, server, status, classLoader));
            }
            warnings = capture.lines();
        }
        return new Result(dir, List.copyOf(errors), warnings);
    }

    private static Object assemble(ConfigLoader config, ServerConfig server, StatusCatalogue status, ClassLoader classLoader) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(classLoader);
        try (ServiceAssembly assembly = ServiceAssembly.builder(config).server(server).errors(new ErrorResponder(status))
                .classLoader(classLoader).build()) {
            return assembly.router();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The modules values.yml sets keys of ({@code metrics} for {@code metrics.enabled}). */
    private static Set<String> moduleKeys(ConfigLoader config) {
        Set<String> modules = new LinkedHashSet<>();
        try {
            config.find("values").ifPresent(values -> {
                if (values.tree() instanceof Map<?, ?> keys) {
                    keys.keySet().forEach(k -> {
                        String key = String.valueOf(k);
                        int dot = key.indexOf('.');
                        if (dot > 0) {
                            modules.add(key.substring(0, dot));
                        }
                    });
                }
            });
        } catch (ConfigException e) {
            // reported by the step that parses values.yml
        }
        return modules;
    }

    /** What {@code load} gives, or (its problem recorded) what {@code fallback} gives. */
    private static <T> T or(Set<String> errors, java.util.function.Supplier<T> load, java.util.function.Supplier<T> fallback) {
        try {
            return load.get();
        } catch (ConfigException e) {
            errors.add(e.getMessage());
            return fallback.get();
        }
    }

    /** A loader of nothing but the classpath: Lumen's defaults. */
    private static ConfigLoader defaults() {
        return ConfigLoader.builder().configDirs(List.of()).env(k -> null).build();
    }

    /** Runs one step; its problem is recorded, never thrown. */
    private static void step(Set<String> errors, Step step) {
        try {
            step.run();
        } catch (ConfigException e) {
            errors.add(e.getMessage());
        } catch (RuntimeException | LinkageError e) {
            errors.add(e.getMessage() == null ? e.toString() : e.getMessage());
        }
    }

    /** The base names of the folder's config files ({@code server} for server.yml), sorted. */
    private static List<String> configNames(Path dir) {
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(Files::isRegularFile).map(f -> f.getFileName().toString()).sorted().forEach(file ->
                    EXTENSIONS.stream().filter(file::endsWith).findFirst()
                            .map(ext -> file.substring(0, file.length() - ext.length()))
                            .filter(name -> !names.contains(name))
                            .ifPresent(names::add));
        } catch (IOException e) {
            throw new ConfigException(dir.toString(), 0, null, "cannot list the folder: " + e.getMessage(), e);
        }
        return names;
    }

    @FunctionalInterface
    private interface Step {
        Object run();
    }
}
