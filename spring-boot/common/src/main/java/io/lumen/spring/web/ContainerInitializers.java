package io.lumen.spring.web;

import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.servlet.api.ServletContainerInitializerInfo;
import io.undertow.servlet.util.ImmediateInstanceFactory;
import jakarta.servlet.ServletContainerInitializer;

import java.util.Set;

/** Adds Lumen's servlet container initializers to an Undertow deployment, after those already there (Spring's). */
final class ContainerInitializers {
    private ContainerInitializers() {
    }

    /** Adds {@code initializer} unless one of its class is there already (a customizer applied twice). */
    static <T extends ServletContainerInitializer> void addOnce(DeploymentInfo deployment, Class<T> type, T initializer) {
        boolean added = deployment.getServletContainerInitializers().stream()
                .anyMatch(i -> i.getServletContainerInitializerClass() == type);
        if (!added) {
            deployment.addServletContainerInitializer(new ServletContainerInitializerInfo(type,
                    new ImmediateInstanceFactory<>(initializer), Set.of()));
        }
    }
}
