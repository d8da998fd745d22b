package io.lumen.otel.sdk;

import io.opentelemetry.sdk.trace.samplers.Sampler;

/**
 * The sampler named by {@code sampler}, with OpenTelemetry's names ({@code OTEL_TRACES_SAMPLER}).
 * The parent-based ones follow the caller's sampled flag for requests that carry a
 * {@code traceparent} and apply their root sampler to new traces only, so one trace is recorded
 * whole or not at all across services.
 */
final class Samplers {
    private Samplers() {
    }

    static Sampler of(TracingConfig config) {
        double ratio = config.samplerRatio();
        return switch (config.sampler()) {
            case "always_on" -> Sampler.alwaysOn();
            case "always_off" -> Sampler.alwaysOff();
            case "traceidratio" -> Sampler.traceIdRatioBased(ratio);
            case "parentbased_always_on" -> Sampler.parentBased(Sampler.alwaysOn());
            case "parentbased_always_off" -> Sampler.parentBased(Sampler.alwaysOff());
            case "parentbased_traceidratio" -> Sampler.parentBased(Sampler.traceIdRatioBased(ratio));
            default -> throw new IllegalArgumentException("unknown sampler " + config.sampler()); // TracingConfig checked it
        };
    }
}
