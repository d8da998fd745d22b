package io.lumen.spring.boot4;

import io.lumen.spring.autoconfigure.LumenInactiveWarning;
import io.lumen.spring.embed.LumenEmbedding;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;

/**
 * Boot 4: the {@link LumenInactiveWarning} when the starter cannot run in this web application (a
 * reactive one, or one that defines its own {@code ServletWebServerFactory}).
 */
@AutoConfiguration(after = LumenBoot4AutoConfiguration.class)
@ConditionalOnWebApplication
@ConditionalOnProperty(prefix = "lumen", name = "enabled", havingValue = "true", matchIfMissing = true)
@ConditionalOnMissingBean(LumenEmbedding.class)
public class LumenBoot4InactiveAutoConfiguration {
    @Bean
    LumenInactiveWarning lumenInactiveWarning() {
        return new LumenInactiveWarning("lumen-spring-boot4-starter runs in a servlet application whose web server "
                + "is Lumen's, and this application is reactive or defines its own ServletWebServerFactory.");
    }
}
