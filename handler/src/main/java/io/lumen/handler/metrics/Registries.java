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

/** The one Prometheus registry of a service, with the JVM and process binders registered once. */
final class Registries {
    private Registries() {
    }

    static PrometheusMeterRegistry of(ServiceContext context) {
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
