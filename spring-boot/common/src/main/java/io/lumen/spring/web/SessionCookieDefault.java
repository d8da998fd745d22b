package io.lumen.spring.web;

import io.undertow.servlet.api.DeploymentInfo;
import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import org.springframework.core.env.Environment;

import java.util.Set;

/**
 * The session cookie ({@code JSESSIONID}) is {@code HttpOnly} unless the application sets
 * {@code server.servlet.session.cookie.http-only}, as on Tomcat, Spring Boot's default server. Undertow's
 * servlet container sent it without {@code HttpOnly}, so the session of an application that moved
 * from Tomcat to Undertow for Lumen became readable by page scripts (found with springdoc's
 * oauth-resource-server-webmvc demo: Spring Security's session on a 401). A servlet container
 * initializer added after Spring's, which applies the property when it is set.
 */
public final class SessionCookieDefault implements ServletContainerInitializer {
    static final String PROPERTY = "server.servlet.session.cookie.http-only";

    private final Environment environment;

    public SessionCookieDefault(Environment environment) {
        this.environment = environment;
    }

    /** Adds the initializer to a deployment, once. */
    public void addTo(DeploymentInfo deployment) {
        ContainerInitializers.addOnce(deployment, SessionCookieDefault.class, this);
    }

    @Override
    public void onStartup(Set<Class<?>> types, ServletContext context) {
        if (!environment.containsProperty(PROPERTY)) {
            context.getSessionCookieConfig().setHttpOnly(true);
        }
    }
}
