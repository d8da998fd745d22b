package io.lumen.spring.boot4;

import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import org.springframework.boot.web.servlet.ServletContextInitializer;

import java.util.Set;

/** Runs Spring's servlet-context initializers (DispatcherServlet, filters, listeners) when Undertow deploys. */
final class SpringInitializer implements ServletContainerInitializer {
    private final Iterable<ServletContextInitializer> initializers;

    SpringInitializer(Iterable<ServletContextInitializer> initializers) {
        this.initializers = initializers;
    }

    @Override
    public void onStartup(Set<Class<?>> classes, ServletContext context) throws ServletException {
        for (ServletContextInitializer initializer : initializers) {
            initializer.onStartup(context);
        }
    }
}
