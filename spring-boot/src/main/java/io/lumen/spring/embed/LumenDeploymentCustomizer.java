package io.lumen.spring.embed;

import io.undertow.server.HandlerWrapper;
import io.undertow.servlet.api.DeploymentInfo;
import org.springframework.boot.web.embedded.undertow.UndertowDeploymentInfoCustomizer;

/**
 * Puts Lumen in front of Spring MVC: adds one initial handler-chain wrapper to Undertow's
 * deployment, which runs on the IO thread before the servlet request exists. Spring Boot applies
 * this bean to its own Undertow factory with every other customizer bean, so {@code server.*}
 * properties and the application's own customizers keep working. Adding it to a deployment twice
 * has no effect.
 */
public final class LumenDeploymentCustomizer implements UndertowDeploymentInfoCustomizer {
    private final HandlerWrapper wrapper;

    public LumenDeploymentCustomizer(LumenEmbedding embedding, SpringHandoff handoff) {
        this.wrapper = spring -> {
            handoff.attach(spring);
            return new RootHandler(embedding, spring);
        };
    }

    @Override
    public void customize(DeploymentInfo deployment) {
        if (!deployment.getInitialHandlerChainWrappers().contains(wrapper)) {
            deployment.addInitialHandlerChainWrapper(wrapper);
        }
    }
}
