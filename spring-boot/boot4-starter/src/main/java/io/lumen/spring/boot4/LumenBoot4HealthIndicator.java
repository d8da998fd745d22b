package io.lumen.spring.boot4;

import io.lumen.spring.actuate.LumenHealth;
import io.lumen.spring.embed.LumenEmbedding;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/** Boot 4: Lumen's part of {@code /actuator/health} (component {@code lumen}), as {@link LumenHealth} says. */
public class LumenBoot4HealthIndicator extends AbstractHealthIndicator {
    private final LumenEmbedding lumen;

    public LumenBoot4HealthIndicator(LumenEmbedding lumen) {
        super("Lumen health check failed");
        this.lumen = lumen;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        builder.status(LumenHealth.status(lumen)).withDetails(LumenHealth.details(lumen));
    }
}
