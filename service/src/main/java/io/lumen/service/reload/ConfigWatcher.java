package io.lumen.service.reload;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Reloads when the content of the config dirs changes (reload.yml {@code watch: true}): every
 * {@code interval} ms it takes a {@link ConfigSnapshot}; once a change has stayed unchanged for
 * {@code debounce} ms (a ConfigMap update, an editor writing several files) it asks the
 * {@link Reloader} for one reload. A refused reload is logged by the reloader; the same broken
 * content is not tried again, the next change is. One daemon thread ({@code lumen-config-watch}).
 */
final class ConfigWatcher {
    private static final Logger LOG = LoggerFactory.getLogger(ConfigWatcher.class);

    private final ConfigReloads reloads;
    private final List<Path> dirs;
    private final long interval;
    private final long debounce;
    private final ScheduledExecutorService timer;
    // only the timer thread touches these
    private ConfigSnapshot tried;
    private ConfigSnapshot seen;
    private long seenSince;

    ConfigWatcher(ConfigReloads reloads, List<Path> dirs, long interval, long debounce) {
        this.reloads = reloads;
        this.dirs = List.copyOf(dirs);
        this.interval = interval;
        this.debounce = debounce;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "lumen-config-watch");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Starts looking. The first look, right away on the watcher's thread (hashing is kept off the
     * service's startup path), records the files as the service started with them.
     */
    void start() {
        timer.execute(() -> {
            tried = ConfigSnapshot.of(dirs);
            seen = tried;
        });
        timer.scheduleWithFixedDelay(this::look, interval, interval, TimeUnit.MILLISECONDS);
        LOG.info("watching {} for changes every {} ms (debounce {} ms)", dirs, interval, debounce);
    }

    void stop() {
        timer.shutdownNow();
    }

    private String describe(ConfigSnapshot now) {
        List<String> changes = new ArrayList<>(now.changedSince(tried));
        changes.addAll(now.notIn(tried));
        tried.notIn(now).forEach(f -> changes.add(f + " (removed)"));
        return String.join(", ", changes);
    }

    private void look() {
        try {
            ConfigSnapshot now = ConfigSnapshot.of(dirs);
            long time = System.nanoTime();
            if (!now.equals(seen)) {
                seen = now;
                seenSince = time;
                return;
            }
            if (now.equals(tried) || time - seenSince < TimeUnit.MILLISECONDS.toNanos(debounce)) {
                return;
            }
            LOG.info("config files changed in {}: {}; reloading", dirs, describe(now));
            tried = now;
            // wait: the next look starts from what this reload made of the files (the reloader logs the outcome)
            reloads.reload("file change").handle((report, failure) -> null).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // stopping
        } catch (RuntimeException | ExecutionException e) {
            LOG.warn("watching {} failed: {}", dirs, e.toString());
        }
    }
}
