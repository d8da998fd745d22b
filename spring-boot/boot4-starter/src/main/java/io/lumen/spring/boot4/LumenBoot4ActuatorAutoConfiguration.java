package io.lumen.spring.boot4;

import io.lumen.spring.autoconfigure.LumenActuatorConfiguration;
import io.lumen.spring.embed.LumenEmbedding;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Boot 4, with Spring Boot Actuator: what both lines share ({@link LumenActuatorConfiguration}:
 * {@code /actuator/lumen}, the observation predicate) and Lumen's health in {@code /actuator/health}.
 */
@AutoConfiguration(after = LumenBoot4AutoConfiguration.class)
@ConditionalOnClass({Endpoint.class, ConditionalOnAvailableEndpoint.class})
@ConditionalOnBean(LumenEmbedding.class)
@Import(LumenActuatorConfiguration.class)
public class LumenBoot4ActuatorAutoConfiguration {

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(HealthIndicator.class)
    static class Health {
        @Bean
        @ConditionalOnMissingBean(name = "lumenHealthIndicator")
        @ConditionalOnEnabledHealthIndicator("lumen")
        LumenBoot4HealthIndicator lumenHealthIndicator(LumenEmbedding lumen) {
            return new LumenBoot4HealthIndicator(lumen);
        }
    }
}
