package io.lumen.datasource;

import io.lumen.server.ServiceContext;
import io.lumen.server.StartupHook;

/**
 * Opens the pools of datasource.yml at startup, before any handler is created, so that a pool
 * that cannot be opened stops startup even when no handler has asked for it yet. Without a
 * datasource.yml it does nothing: the module may be on the classpath of a service that runs
 * without a database (the petstore's in-memory config sets). Registered through
 * {@code META-INF/services/io.lumen.server.StartupHook}.
 */
public final class DataSourceStartupHook implements StartupHook {
    @Override
    public void onStartup(ServiceContext context) {
        if (context.config().find("datasource").isPresent()) {
            DataSources.of(context);
        }
    }
}
