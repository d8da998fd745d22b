package io.lumen.service.reload;

import io.lumen.server.ServiceContext;
import io.lumen.server.StartupHook;

/**
 * A startup hook that fails when failhook.yml says {@code fail: true}, after sharing a closeable
 * (as a hook that opened a pool and then failed to migrate it would). Does nothing otherwise.
 */
public class FailingHook implements StartupHook {
    public record Config(Boolean fail) {
    }

    @Override
    public void onStartup(ServiceContext context) {
        if (context.config().find("failhook").map(f -> f.bind(Config.class).fail()).orElse(false)) {
            context.shared(Tracked.class, () -> new Tracked("from the failing hook"));
            throw new IllegalStateException("the test hook could not reach its database");
        }
    }
}
