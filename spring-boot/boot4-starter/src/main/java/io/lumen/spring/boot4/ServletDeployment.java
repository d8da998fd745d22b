package io.lumen.spring.boot4;

import io.undertow.server.HandlerWrapper;
import io.undertow.servlet.Servlets;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.servlet.api.DeploymentManager;
import io.undertow.servlet.api.MimeMapping;
import io.undertow.servlet.api.ServletContainerInitializerInfo;
import io.undertow.servlet.api.ServletStackTraces;
import io.undertow.servlet.util.ImmediateInstanceFactory;
import org.springframework.boot.web.error.ErrorPage;
import org.springframework.boot.web.server.servlet.ServletContextInitializers;
import org.springframework.boot.web.server.servlet.ServletWebServerSettings;
import org.springframework.boot.web.servlet.ServletContextInitializer;

import java.io.File;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Spring's servlet context as an undertow-ee deployment: Spring's initializers, context path, error
 * pages (Boot's {@code /error}), MIME and locale-charset mappings, init parameters and session timeout
 * from the factory's settings; the application's {@link LumenDeploymentInfoCustomizer}s; then Lumen's
 * router as the outermost initial handler (so it sees each request first, on the IO thread, as on Boot
 * 3.5). Servlet stack traces never reach clients. Deploying runs Spring's initializers; starting the
 * returned manager yields the handler to serve.
 */
final class ServletDeployment {
    private ServletDeployment() {
    }

    static DeploymentManager deploy(ServletWebServerSettings settings, ServletContextInitializer[] initializers,
                                    Set<ErrorPage> errorPages, ClassLoader classLoader,
                                    List<LumenDeploymentInfoCustomizer> customizers, HandlerWrapper lumen) {
        DeploymentInfo d = Servlets.deployment()
                .setClassLoader(classLoader)
                .setContextPath(contextPath(settings))
                .setDeploymentName("spring-boot")
                .setDisplayName(settings.getDisplayName() != null ? settings.getDisplayName() : "spring-boot")
                .setServletStackTraces(ServletStackTraces.NONE)
                .setEagerFilterInit(true)
                .setTempDir(new File(System.getProperty("java.io.tmpdir")));
        Iterable<ServletContextInitializer> spring = ServletContextInitializers.from(settings, initializers);
        d.addServletContainerInitializer(new ServletContainerInitializerInfo(SpringInitializer.class,
                new ImmediateInstanceFactory<>(new SpringInitializer(spring)), Set.of()));
        addErrorPages(d, errorPages);
        settings.getMimeMappings().forEach(m -> d.addMimeMapping(new MimeMapping(m.getExtension(), m.getMimeType())));
        settings.getLocaleCharsetMappings().forEach((locale, charset) ->
                d.addLocaleCharsetMapping(locale.toString(), charset.toString()));
        settings.getInitParameters().forEach(d::addInitParameter);
        Duration timeout = settings.getSession().getTimeout();
        if (timeout != null) {
            d.setDefaultSessionTimeout((int) Math.max(timeout.toSeconds(), -1));
        }
        customizers.forEach(c -> c.customize(d));
        if (lumen != null) {
            d.addInitialHandlerChainWrapper(lumen); // the last wrapper added is the outermost
        }
        DeploymentManager manager = Servlets.newContainer().addDeployment(d);
        manager.deploy();
        return manager;
    }

    /** Undertow's form of the context path: "/" for the root. */
    static String contextPath(ServletWebServerSettings settings) {
        String path = settings.getContextPath().toString();
        return path.isEmpty() ? "/" : path;
    }

    private static void addErrorPages(DeploymentInfo d, Collection<ErrorPage> pages) {
        for (ErrorPage page : pages) {
            if (page.isGlobal()) {
                d.addErrorPage(new io.undertow.servlet.api.ErrorPage(page.getPath()));
            } else if (page.getException() != null) {
                d.addErrorPage(new io.undertow.servlet.api.ErrorPage(page.getPath(), page.getException()));
            } else {
                d.addErrorPage(new io.undertow.servlet.api.ErrorPage(page.getPath(), page.getStatusCode()));
            }
        }
    }
}
