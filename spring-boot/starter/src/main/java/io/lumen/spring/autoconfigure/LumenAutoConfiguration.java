package io.lumen.spring.autoconfigure;

import io.lumen.spring.embed.LumenHandlerWrapper;
import io.lumen.spring.web.ContentLanguageFilter;
import io.lumen.spring.web.MultipartLimit;
import io.lumen.spring.web.SessionCookieDefault;
import io.undertow.servlet.api.DeploymentInfo;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.web.servlet.ServletWebServerFactoryAutoConfiguration;
import org.springframework.boot.web.embedded.undertow.UndertowServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Boot 3.5: Lumen in front of Spring MVC, from the dependency alone. In a servlet application on
 * Spring's Undertow, contributes an {@code UndertowDeploymentInfoCustomizer} bean whose initial
 * handler-chain wrapper runs handler.yml's routes before Spring (never a web-server factory of its
 * own, so {@code server.*} properties and the application's own customizers keep working). The beans
 * both Boot lines share come from {@link LumenEmbeddingConfiguration}. Off with
 * {@code lumen.enabled=false}; backs off on Tomcat or Jetty.
 */
@AutoConfiguration(after = ServletWebServerFactoryAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({DeploymentInfo.class, UndertowServletWebServerFactory.class})
@ConditionalOnBean(UndertowServletWebServerFactory.class)
@ConditionalOnProperty(prefix = "lumen", name = "enabled", havingValue = "true", matchIfMissing = true)
public class LumenAutoConfiguration extends LumenEmbeddingConfiguration {

    @Override
    protected boolean serverIsSprings() {
        return true;
    }

    @Bean
    @ConditionalOnMissingBean
    public LumenDeploymentCustomizer lumenDeploymentCustomizer(LumenHandlerWrapper wrapper,
                                                               MultipartLimit multipartLimit, Environment environment) {
        return new LumenDeploymentCustomizer(wrapper, multipartLimit, new SessionCookieDefault(environment));
    }

    /** {@code Content-Language} as a language tag, as on Tomcat ({@link ContentLanguageFilter}). */
    @Bean
    @ConditionalOnMissingBean(name = "lumenContentLanguageFilter")
    public FilterRegistrationBean<?> lumenContentLanguageFilter() {
        return ContentLanguageFilter.registration();
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
}
