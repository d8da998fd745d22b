package io.lumen.spring.autoconfigure;

import io.lumen.spring.actuate.LumenHealthIndicator;
import io.lumen.spring.embed.LumenEmbedding;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * Boot 3.5, with Spring Boot Actuator: Lumen's health in {@code /actuator/health}, plus what both lines
 * share ({@link LumenActuatorConfiguration}: {@code /actuator/lumen}, the observation predicate).
 */
@AutoConfiguration(after = LumenAutoConfiguration.class)
@ConditionalOnClass({Endpoint.class, ConditionalOnAvailableEndpoint.class})
@ConditionalOnBean(LumenEmbedding.class)
@Import(LumenActuatorConfiguration.class)
public class LumenActuatorAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "lumenHealthIndicator")
    @ConditionalOnEnabledHealthIndicator("lumen")
    public LumenHealthIndicator lumenHealthIndicator(LumenEmbedding lumen) {
        return new LumenHealthIndicator(lumen);
    }
}
