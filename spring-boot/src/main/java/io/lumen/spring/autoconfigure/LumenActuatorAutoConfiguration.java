package io.lumen.spring.autoconfigure;

import io.lumen.spring.actuate.LumenEndpoint;
import io.lumen.spring.actuate.LumenHealthIndicator;
import io.lumen.spring.actuate.LumenObservationPredicate;
import io.lumen.spring.embed.LumenEmbedding;
import io.micrometer.observation.ObservationPredicate;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * With Spring Boot Actuator: {@code /actuator/lumen} (routes and chains), Lumen's health in
 * {@code /actuator/health}, and an observation predicate so that a request Lumen's metrics
 * middleware counts is not counted again by Spring's {@code http.server.requests}.
 */
@AutoConfiguration(after = LumenAutoConfiguration.class)
@ConditionalOnClass({Endpoint.class, ConditionalOnAvailableEndpoint.class})
@ConditionalOnBean(LumenEmbedding.class)
public class LumenActuatorAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnAvailableEndpoint
    public LumenEndpoint lumenEndpoint(LumenEmbedding lumen) {
        return new LumenEndpoint(lumen);
    }

    @Bean
    @ConditionalOnMissingBean(name = "lumenHealthIndicator")
    @ConditionalOnEnabledHealthIndicator("lumen")
    public LumenHealthIndicator lumenHealthIndicator(LumenEmbedding lumen) {
        return new LumenHealthIndicator(lumen);
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"io.micrometer.observation.ObservationPredicate",
            "org.springframework.http.server.observation.ServerRequestObservationContext"})
    static class ObservationConfiguration {
        @Bean
        @ConditionalOnMissingBean(LumenObservationPredicate.class)
        ObservationPredicate lumenObservationPredicate() {
            return new LumenObservationPredicate();
        }
    }
}
