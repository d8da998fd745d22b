package io.lumen.config;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects the {@link ConfigException}s of independent steps (every handler entry, every chain,
 * every path, every file) so that one start reports every problem, then refuses to start.
 * Not thread-safe: one per pass.
 */
public final class ConfigProblems {
    private final List<ConfigException> found = new ArrayList<>();

    /** Runs {@code step}; a {@link ConfigException} it throws is kept and the pass goes on. */
    public void run(Runnable step) {
        try {
            step.run();
        } catch (ConfigException e) {
            found.add(e);
        }
    }

    public void add(ConfigException e) {
        found.add(e);
    }

    /** Every problem kept so far, each one separately. */
    public List<ConfigException> all() {
        List<ConfigException> out = new ArrayList<>();
        found.forEach(e -> out.addAll(e.problems()));
        return out;
    }

    public boolean isEmpty() {
        return found.isEmpty();
    }

    /** Throws one exception listing every problem kept ({@link ConfigException#of}), if any. */
    public void throwIfAny() {
        if (!found.isEmpty()) {
            throw ConfigException.of(found);
        }
    }
}
