package io.lumen.cli.check;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import io.lumen.service.assembly.ConfigCheck;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * Checks one config folder offline with startup's own one-pass check ({@link ConfigCheck#check}: every
 * config file bound, handler.yml's chains built, no listener), loading handler classes through the
 * given class loader; the warnings that check logs (values.yml keys nothing read, light-4j keys
 * without effect) are collected with its errors.
 */
public final class FolderCheck {
    /** What a check found: errors fail it, warnings do not. */
    public record Result(Path dir, List<String> errors, List<String> warnings) {
        public boolean passed() {
            return errors.isEmpty();
        }
    }

    private FolderCheck() {
    }

    /** Checks {@code dir} with the environment {@code env} (the process's for the command line). */
    public static Result check(Path dir, Function<String, String> env, ClassLoader classLoader) {
        if (!Files.isDirectory(dir)) {
            return new Result(dir, List.of(dir + ": not a folder"), List.of());
        }
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(classLoader); // handler classes and built-ins load through it, as in a service
        try (WarningCapture capture = WarningCapture.open()) {
            ConfigLoader config = ConfigLoader.builder().configDirs(List.of(dir)).env(env).classLoader(classLoader).build();
            List<String> errors = ConfigCheck.check(config).stream().map(ConfigException::getMessage).distinct().toList();
            return new Result(dir, errors, capture.lines());
        } finally {
            thread.setContextClassLoader(previous);
        }
    }
}
