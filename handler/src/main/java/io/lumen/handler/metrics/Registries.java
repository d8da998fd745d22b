package io.lumen.handler.metrics;

import io.lumen.server.ServiceContext;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * The one Prometheus registry of a service, with the JVM and process binders registered once
 * (metrics.yml decides the common tags). The {@code metrics} and {@code prometheus} handlers use
 * it, and so may modules that bind their own meters (the datasource module's pool metrics), so
 * that {@code /prometheus} shows them all. Thread-safe.
 */
public final class Registries {
    private Registries() {
    }

    /** The service's registry, created on first use. */
    public static PrometheusMeterRegistry of(ServiceContext context) {
        return context.shared(PrometheusMeterRegistry.class, () -> create(context));
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
