package io.lumen.handler.testing;

import io.lumen.server.ServiceContext;
import io.lumen.server.ShutdownHook;
import io.lumen.server.StartupHook;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Startup and shutdown hooks registered through META-INF/services for the whole test module. */
public final class RecordingHooks {
    public static final List<String> EVENTS = new CopyOnWriteArrayList<>();

    private RecordingHooks() {
    }

    public static class Startup implements StartupHook {
        @Override
        public void onStartup(ServiceContext context) {
            EVENTS.add("startup:" + context.server().serviceId() + ":" + context.readiness().state());
        }
    }

    public static class Shutdown implements ShutdownHook {
        @Override
        public void onShutdown(ServiceContext context) {
            EVENTS.add("shutdown:" + context.server().serviceId() + ":" + context.readiness().state());
        }
    }
}
