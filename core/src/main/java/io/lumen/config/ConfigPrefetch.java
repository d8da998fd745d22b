package io.lumen.config;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Function;

/**
 * Config files parsed ahead of use by another thread (a service's start parses them while logging and
 * the server get ready), so that the thread that needs a file finds it parsed. Each file is parsed once,
 * by whichever thread comes to it first; the other waits for that result, or its error. Thread-safe.
 */
final class ConfigPrefetch {
    private final Map<String, FutureTask<Optional<ConfigFile>>> tasks = new ConcurrentHashMap<>();

    /** Parses the named files in this order; a file another thread took meanwhile is skipped. */
    void parseAll(List<String> names, Function<String, Optional<ConfigFile>> parser) {
        for (String name : names) {
            tasks.putIfAbsent(name, new FutureTask<>(() -> parser.apply(name)));
        }
        for (String name : names) {
            FutureTask<Optional<ConfigFile>> task = tasks.get(name);
            if (task != null) {
                task.run(); // does nothing when the file's reader already runs or ran it
            }
        }
    }

    /**
     * The file as parsed ahead of time (waiting for a parse in progress), or parsed here. Its task
     * is taken out either way: a file is read once per loader, and no parsed copy stays behind.
     */
    Optional<ConfigFile> read(String name, Function<String, Optional<ConfigFile>> parser) {
        FutureTask<Optional<ConfigFile>> task = tasks.remove(name);
        if (task == null) {
            return parser.apply(name); // no prefetch (or not this file): no task to go through
        }
        task.run(); // parses here unless the prefetch already started
        try {
            return task.get();
        } catch (ExecutionException e) {
            // the parse error (a ConfigException naming file and line), whichever thread met it
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return parser.apply(name);
        }
    }
}
