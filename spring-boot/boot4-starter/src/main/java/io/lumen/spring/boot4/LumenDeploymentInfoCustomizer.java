package io.lumen.spring.boot4;

import io.undertow.servlet.api.DeploymentInfo;

/**
 * An application's changes to the Undertow servlet deployment of a Boot 4 application (what Boot
 * 3.5's {@code UndertowDeploymentInfoCustomizer} was): every bean of this type is applied, in order,
 * before Lumen adds its router as the outermost handler.
 */
@FunctionalInterface
public interface LumenDeploymentInfoCustomizer {
    void customize(DeploymentInfo deployment);
}
