package io.lumen.spring.autoconfigure;

import io.lumen.spring.actuate.LumenEndpoint;
import io.lumen.spring.actuate.LumenObservationPredicate;
import io.lumen.spring.embed.LumenEmbedding;
import io.micrometer.observation.ObservationPredicate;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What both starters add with Spring Boot Actuator: {@code /actuator/lumen} (routes and chains) and an
 * observation predicate so that a request Lumen's metrics middleware counts is not counted again by
 * Spring's {@code http.server.requests}. Each starter's actuator auto-configuration imports it and adds
 * Lumen's health indicator (whose package differs between Boot 3.5 and 4).
 */
@Configuration(proxyBeanMethods = false)
public class LumenActuatorConfiguration {

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnAvailableEndpoint
    public LumenEndpoint lumenEndpoint(LumenEmbedding lumen) {
        return new LumenEndpoint(lumen);
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
