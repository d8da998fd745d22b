package io.lumen.spring.boot4;

import io.lumen.spring.autoconfigure.LumenEmbeddingConfiguration;
import io.lumen.spring.web.MultipartLimit;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;

/**
 * Boot 4: Lumen's handler.yml routes in front of Spring MVC on Lumen's own server. The beans both Boot
 * lines share come from {@link LumenEmbeddingConfiguration}; the server deploys the handler wrapper
 * itself. Off with {@code lumen.enabled=false} (the server stays Lumen's, with nothing in front).
 */
@AutoConfiguration(after = LumenWebServerAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnBean(LumenServletWebServerFactory.class)
@ConditionalOnProperty(prefix = "lumen", name = "enabled", havingValue = "true", matchIfMissing = true)
public class LumenBoot4AutoConfiguration extends LumenEmbeddingConfiguration {

    @Override
    protected boolean serverIsSprings() {
        return false;
    }

    /** {@link MultipartLimit}'s initializer in the deployment, after Spring's. */
    @Bean
    @ConditionalOnMissingBean(name = "lumenMultipartLimitCustomizer")
    public LumenDeploymentInfoCustomizer lumenMultipartLimitCustomizer(MultipartLimit limit) {
        return limit::addTo;
    }
}
