package io.lumen.spring.autoconfigure;

import io.lumen.spring.embed.LumenDeploymentCustomizer;
import io.lumen.spring.embed.LumenEmbedding;
import io.lumen.spring.embed.SpringHandoff;
import io.lumen.spring.web.LumenRequestArgumentResolver;
import io.lumen.spring.web.LumenRequestFilter;
import io.micrometer.core.instrument.MeterRegistry;
import io.undertow.servlet.api.DeploymentInfo;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.web.servlet.ServletWebServerFactoryAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.embedded.undertow.UndertowServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import java.util.List;

/**
 * Lumen in front of Spring MVC, from the dependency alone: in a servlet application on Undertow,
 * contributes an {@code UndertowDeploymentInfoCustomizer} bean whose initial handler-chain wrapper
 * runs handler.yml's routes before Spring (never a web-server factory of its own, so
 * {@code server.*} properties and the application's own customizers keep working). Off with
 * {@code lumen.enabled=false}; backs off on Tomcat or Jetty. Every bean can be replaced by the
 * application's own.
 */
@AutoConfiguration(after = ServletWebServerFactoryAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({DeploymentInfo.class, UndertowServletWebServerFactory.class})
@ConditionalOnBean(UndertowServletWebServerFactory.class)
@ConditionalOnProperty(prefix = "lumen", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(LumenProperties.class)
public class LumenAutoConfiguration {

    /** The {@code spring} terminal of this context; its servlet handler is attached when Undertow deploys. */
    @Bean
    @ConditionalOnMissingBean
    public SpringHandoff lumenSpringHandoff() {
        return new SpringHandoff();
    }

    @Bean
    @ConditionalOnMissingBean
    public LumenEmbedding lumenEmbedding(LumenProperties properties, Environment environment,
                                         ConfigurableListableBeanFactory beans, SpringHandoff handoff,
                                         ObjectProvider<MeterRegistry> meters) {
        return new LumenEmbedding(new LumenEmbedding.Settings(properties.getConfigDir(),
                properties.getUnmatched() == LumenProperties.Unmatched.SPRING), environment, beans, handoff, meters);
    }

    @Bean
    @ConditionalOnMissingBean
    public LumenDeploymentCustomizer lumenDeploymentCustomizer(LumenEmbedding embedding, SpringHandoff handoff) {
        return new LumenDeploymentCustomizer(embedding, handoff);
    }

    /**
     * Spring Boot applies {@code UndertowDeploymentInfoCustomizer} beans only to the factory it
     * creates itself; this also puts Lumen into a factory the application defines. Adding it twice
     * has no effect.
     */
    @Bean
    @ConditionalOnMissingBean(name = "lumenFactoryCustomizer")
    public WebServerFactoryCustomizer<UndertowServletWebServerFactory> lumenFactoryCustomizer(
            LumenDeploymentCustomizer customizer) {
        return factory -> {
            if (!factory.getDeploymentInfoCustomizers().contains(customizer)) {
                factory.addDeploymentInfoCustomizers(customizer);
            }
        };
    }

    /** Lumen's request data as request attributes, first among the filters. */
    @Bean
    @ConditionalOnMissingBean(name = "lumenRequestFilter")
    public FilterRegistrationBean<LumenRequestFilter> lumenRequestFilter() {
        FilterRegistrationBean<LumenRequestFilter> registration = new FilterRegistrationBean<>(new LumenRequestFilter());
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        registration.setName("lumenRequestFilter");
        return registration;
    }

    /** Controller parameters {@code LumenRequest}, {@code VerifiedToken}, {@code ValidatedRequest}. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(WebMvcConfigurer.class)
    static class MvcConfiguration {
        @Bean
        @ConditionalOnMissingBean(name = "lumenWebMvcConfigurer")
        WebMvcConfigurer lumenWebMvcConfigurer() {
            return new WebMvcConfigurer() {
                @Override
                public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
                    resolvers.add(new LumenRequestArgumentResolver());
                }
            };
        }
    }
}
