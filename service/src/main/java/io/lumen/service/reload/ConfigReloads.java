package io.lumen.service.reload;

import java.util.concurrent.CompletableFuture;

/**
 * What the {@code reload} handler asks for a reload: a service that can reload its configuration
 * shares one as {@code ServiceContext.shared(ConfigReloads.class)} ({@link Reloader}). Thread-safe.
 */
@FunctionalInterface
public interface ConfigReloads {
    /** A service assembled without reload support (no {@link Reloader} shares itself). */
    ConfigReloads UNAVAILABLE = trigger -> CompletableFuture.failedFuture(
            ReloadRefused.unavailable("this service was assembled without configuration reloads"));

    /**
     * Reloads the configuration, serialized with every other reload; completes with the report, or
     * exceptionally with a {@link ReloadRefused} saying why the running generation keeps serving.
     *
     * @param trigger who asked, for the log ({@code POST /adm/reload from 127.0.0.1}, {@code file change})
     */
    CompletableFuture<ReloadReport> reload(String trigger);
}
