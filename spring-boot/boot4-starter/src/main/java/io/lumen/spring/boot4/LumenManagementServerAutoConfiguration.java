package io.lumen.spring.boot4;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.actuate.autoconfigure.web.server.ConditionalOnManagementPort;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementContextFactory;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.server.servlet.ServletWebServerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * Boot 4, Actuator on its own port ({@code management.server.port}): Boot builds the management
 * server in a child context from the server module's {@link ManagementContextFactory}, which each
 * server (Tomcat, Jetty) contributes and the application with Lumen's server had none of, so it did
 * not start. The child gets Lumen's server too ({@link LumenServletWebServerFactory}'s management
 * form: no routes in front, Spring's {@code management.server.*} listener). Primary, so a Tomcat
 * left on the class path does not make the factory ambiguous.
 */
@AutoConfiguration(after = LumenWebServerAutoConfiguration.class)
@ConditionalOnClass(ManagementContextFactory.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnManagementPort(ManagementPortType.DIFFERENT)
@ConditionalOnBean(LumenServletWebServerFactory.class)
public class LumenManagementServerAutoConfiguration {

    @Bean
    @Primary
    static ManagementContextFactory lumenManagementContextFactory() {
        return new ManagementContextFactory(WebApplicationType.SERVLET, ServletWebServerFactory.class,
                LumenWebServerAutoConfiguration.class);
    }
}
