package io.lumen.handler.health;

/**
 * {@code health.yml}.
 *
 * @param enabled when false, {@code /health}, {@code /health/liveness} and {@code /health/readiness}
 *                answer 404 {@code ERR10048} as if they were not routed (true)
 */
public record HealthConfig(Boolean enabled) {
    public HealthConfig {
        enabled = enabled == null || enabled;
    }
}
