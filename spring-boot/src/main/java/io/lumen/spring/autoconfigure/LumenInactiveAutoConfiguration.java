package io.lumen.spring.autoconfigure;

import io.lumen.spring.embed.LumenEmbedding;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;

/**
 * Says so when the starter is on the classpath of a web application where it cannot run (a
 * reactive application, or a servlet application on Tomcat or Jetty): handler.yml's chains (JWT,
 * validation) then protect nothing, which nobody should learn from an incident. One warning at
 * startup; {@code lumen.enabled=false} silences it.
 */
@AutoConfiguration(after = LumenAutoConfiguration.class)
@ConditionalOnWebApplication
@ConditionalOnProperty(prefix = "lumen", name = "enabled", havingValue = "true", matchIfMissing = true)
@ConditionalOnMissingBean(LumenEmbedding.class)
public class LumenInactiveAutoConfiguration {
    private static final Logger LOG = LoggerFactory.getLogger(LumenInactiveAutoConfiguration.class);

    @Bean
    SmartInitializingSingleton lumenInactiveWarning() {
        return () -> LOG.warn("Lumen's handler.yml routes are NOT active: lumen-spring-boot-starter runs in a servlet "
                + "application on Undertow (spring-boot-starter-web without spring-boot-starter-tomcat, plus "
                + "spring-boot-starter-undertow), and this application is reactive or on another server. "
                + "Set lumen.enabled=false if that is intended.");
    }
}
