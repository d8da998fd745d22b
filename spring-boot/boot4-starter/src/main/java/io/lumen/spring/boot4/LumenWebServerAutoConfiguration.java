package io.lumen.spring.boot4;

import io.lumen.spring.embed.LumenHandlerWrapper;
import io.lumen.spring.web.ContentLanguageFilter;
import io.lumen.spring.web.SessionCookieDefault;
import io.undertow.Undertow;
import io.undertow.servlet.api.DeploymentInfo;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletRequest;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.SearchStrategy;
import org.springframework.boot.web.server.autoconfigure.servlet.ServletWebServerConfiguration;
import org.springframework.boot.web.server.servlet.ServletWebServerFactory;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * Boot 4: the application's web server is Lumen's ({@link LumenServletWebServerFactory}), in every
 * servlet application that has the starter, before Tomcat's or Jetty's auto-configuration (so an
 * application that forgot to exclude Tomcat still runs on Lumen). Imports Boot's own servlet
 * web-server configuration, which applies {@code server.*} and the application's
 * {@code WebServerFactoryCustomizer}s to the factory. An application's own
 * {@code ServletWebServerFactory} bean replaces it.
 */
@AutoConfiguration(beforeName = {
        "org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration",
        "org.springframework.boot.jetty.autoconfigure.servlet.JettyServletWebServerAutoConfiguration"})
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({ServletRequest.class, Undertow.class, DeploymentInfo.class})
@Import(ServletWebServerConfiguration.class)
public class LumenWebServerAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(value = ServletWebServerFactory.class, search = SearchStrategy.CURRENT)
    public LumenServletWebServerFactory lumenServletWebServerFactory(Environment environment,
            ObjectProvider<LumenHandlerWrapper> lumen, ObjectProvider<LumenDeploymentInfoCustomizer> customizers) {
        LumenServletWebServerFactory factory = new LumenServletWebServerFactory(environment, lumen::getIfAvailable);
        customizers.orderedStream().forEach(factory::addDeploymentInfoCustomizers);
        return factory;
    }

    /** The session cookie {@code HttpOnly} unless the application says, as on Tomcat ({@link SessionCookieDefault}). */
    @Bean
    @ConditionalOnMissingBean(name = "lumenSessionCookieDefault")
    public LumenDeploymentInfoCustomizer lumenSessionCookieDefault(Environment environment) {
        return new SessionCookieDefault(environment)::addTo;
    }

    /** Boot's error JSON keeps the exception's own message, as on Tomcat ({@link ErrorMessageFilter}). */
    @Bean
    @ConditionalOnMissingBean(name = "lumenErrorMessageFilter")
    public FilterRegistrationBean<?> lumenErrorMessageFilter() {
        FilterRegistrationBean<ErrorMessageFilter> registration = new FilterRegistrationBean<>(new ErrorMessageFilter());
        registration.setDispatcherTypes(DispatcherType.ERROR);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        registration.setName("lumenErrorMessageFilter");
        return registration;
    }

    /** {@code Content-Language} as a language tag, as on Tomcat ({@link ContentLanguageFilter}). */
    @Bean
    @ConditionalOnMissingBean(name = "lumenContentLanguageFilter")
    public FilterRegistrationBean<?> lumenContentLanguageFilter() {
        return ContentLanguageFilter.registration();
    }
}
