package io.lumen.spring.autoconfigure;

import io.lumen.spring.embed.LumenHandlerWrapper;
import io.lumen.spring.web.MultipartLimit;
import io.lumen.spring.web.SessionCookieDefault;
import io.undertow.servlet.api.DeploymentInfo;
import org.springframework.boot.web.embedded.undertow.UndertowDeploymentInfoCustomizer;

/**
 * Boot 3.5: puts Lumen in front of Spring MVC by adding the {@link LumenHandlerWrapper} to the
 * deployment of Spring's Undertow. Spring Boot applies this bean to its own Undertow factory with
 * every other customizer bean, so {@code server.*} properties and the application's own customizers
 * keep working. Also adds the initializers of {@link MultipartLimit} and {@link SessionCookieDefault}
 * (after Spring's). Adding it to a
 * deployment twice has no effect.
 */
public final class LumenDeploymentCustomizer implements UndertowDeploymentInfoCustomizer {
    private final LumenHandlerWrapper wrapper;
    private final MultipartLimit multipartLimit;
    private final SessionCookieDefault sessionCookie;

    public LumenDeploymentCustomizer(LumenHandlerWrapper wrapper, MultipartLimit multipartLimit,
                                     SessionCookieDefault sessionCookie) {
        this.wrapper = wrapper;
        this.multipartLimit = multipartLimit;
        this.sessionCookie = sessionCookie;
    }

    @Override
    public void customize(DeploymentInfo deployment) {
        if (!deployment.getInitialHandlerChainWrappers().contains(wrapper)) {
            deployment.addInitialHandlerChainWrapper(wrapper);
        }
        multipartLimit.addTo(deployment);
        sessionCookie.addTo(deployment);
    }
}
