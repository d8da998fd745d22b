package io.lumen.handler.metrics;

import io.lumen.server.ServiceContext;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * The one meter registry of a service, shared as {@code ServiceContext.shared(MeterRegistry.class)}.
 * A standalone service creates a Prometheus registry with the JVM and process binders; an
 * application that embeds Lumen (Spring Boot) puts its own registry there first, so Lumen's meters
 * land next to the application's. Modules that bind meters of their own (the datasource module's
 * pool metrics) use it too, so that {@code /prometheus} shows them all. Thread-safe.
 */
public final class Registries {
    private Registries() {
    }

    /** The service's registry: the embedding application's, else a Prometheus registry created on first use. */
    public static MeterRegistry of(ServiceContext context) {
        return context.shared(MeterRegistry.class, () -> create(context));
    }

    /** The Prometheus registry among the service's registries (itself, or inside a composite). */
    static PrometheusMeterRegistry prometheus(ServiceContext context) {
        PrometheusMeterRegistry found = findPrometheus(of(context));
        if (found == null) {
            throw new IllegalStateException("the service's meter registry (" + of(context).getClass().getName()
                    + ") holds no Prometheus registry: add io.micrometer:micrometer-registry-prometheus");
        }
        return found;
    }

    private static PrometheusMeterRegistry findPrometheus(MeterRegistry registry) {
        if (registry instanceof PrometheusMeterRegistry p) {
            return p;
        }
        if (registry instanceof CompositeMeterRegistry composite) {
            for (MeterRegistry r : composite.getRegistries()) {
                PrometheusMeterRegistry p = findPrometheus(r);
                if (p != null) {
                    return p;
                }
            }
        }
        return null;
    }

    private static PrometheusMeterRegistry create(ServiceContext context) {
        MetricsConfig config = context.config().load("metrics", MetricsConfig.class);
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        if (config.serviceIdTag()) {
            registry.config().commonTags("service", context.server().serviceId());
        }
        new ClassLoaderMetrics().bindTo(registry);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmGcMetrics().bindTo(registry); // GC notification listeners live as long as the JVM
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        return registry;
    }
}
