package io.lumen.spring.autoconfigure;

import io.lumen.spring.embed.LumenEmbedding;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;

/**
 * Boot 3.5: the {@link LumenInactiveWarning} when the starter cannot run in this web application (a
 * reactive application, or a servlet application on Tomcat or Jetty).
 */
@AutoConfiguration(after = LumenAutoConfiguration.class)
@ConditionalOnWebApplication
@ConditionalOnProperty(prefix = "lumen", name = "enabled", havingValue = "true", matchIfMissing = true)
@ConditionalOnMissingBean(LumenEmbedding.class)
public class LumenInactiveAutoConfiguration {
    @Bean
    LumenInactiveWarning lumenInactiveWarning() {
        return new LumenInactiveWarning("lumen-spring-boot-starter runs in a servlet application on Undertow "
                + "(spring-boot-starter-web without spring-boot-starter-tomcat, plus spring-boot-starter-undertow), "
                + "and this application is reactive or on another server.");
    }
}
