package io.lumen.spring.actuate;

import io.lumen.server.Readiness;
import io.lumen.spring.embed.LumenEmbedding;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * Lumen's part of Spring's health ({@code /actuator/health}, component {@code lumen}): UP while
 * Lumen serves ({@code READY}), OUT_OF_SERVICE while starting or draining, DOWN once stopped;
 * details: the state and the number of routes.
 */
public class LumenHealthIndicator extends AbstractHealthIndicator {
    private final LumenEmbedding lumen;

    public LumenHealthIndicator(LumenEmbedding lumen) {
        super("Lumen health check failed");
        this.lumen = lumen;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        Readiness.State state = lumen.state();
        switch (state) {
            case READY -> builder.up();
            case STOPPED -> builder.down();
            default -> builder.outOfService();
        }
        builder.withDetail("state", state.name()).withDetail("routes", lumen.routes().size());
    }
}
