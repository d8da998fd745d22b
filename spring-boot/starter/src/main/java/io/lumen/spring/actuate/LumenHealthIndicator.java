package io.lumen.spring.actuate;

import io.lumen.spring.embed.LumenEmbedding;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/** Boot 3.5: Lumen's part of {@code /actuator/health} (component {@code lumen}), as {@link LumenHealth} says. */
public class LumenHealthIndicator extends AbstractHealthIndicator {
    private final LumenEmbedding lumen;

    public LumenHealthIndicator(LumenEmbedding lumen) {
        super("Lumen health check failed");
        this.lumen = lumen;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        builder.status(LumenHealth.status(lumen)).withDetails(LumenHealth.details(lumen));
    }
}
