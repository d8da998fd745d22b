package io.lumen.spring.embed;

import io.lumen.handler.Middleware;
import io.lumen.handler.chain.HandlerFactory;
import io.lumen.handler.metrics.MetricsHandler;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * handler.yml names as Spring beans: a name resolves to the bean of that name (when it is a
 * handler or middleware), else to the one bean of the entry's class, else Lumen constructs the
 * class itself. A class Lumen cannot construct (no public {@code (ServiceContext)} or no-arg
 * constructor) is created by Spring with constructor injection, {@code ServiceContext} included.
 * Startup only, on the thread that refreshes the context. Also remembers which names are Lumen's
 * metrics middleware (requests it counts are not counted again by Spring's observation) and which
 * are the {@code spring} terminal.
 */
final class SpringHandlerFactory implements HandlerFactory {
    private final ConfigurableListableBeanFactory beans;
    private final Set<String> metricsNames = new HashSet<>();
    private final Set<String> handoffNames = new HashSet<>();

    SpringHandlerFactory(ConfigurableListableBeanFactory beans) {
        this.beans = beans;
    }

    @Override
    public Object find(String name, Class<?> type, ServiceContext context) {
        Object handler = byName(name, type);
        if (handler == null && type != null) {
            handler = byType(type);
            if (handler == null && !lumenCanConstruct(type)) {
                beans.registerResolvableDependency(ServiceContext.class, context);
                handler = beans.createBean(type);
            }
        }
        if (handler instanceof MetricsHandler || (handler == null && type != null && MetricsHandler.class.isAssignableFrom(type))) {
            metricsNames.add(name);
        }
        if (handler instanceof SpringHandoff) {
            handoffNames.add(name);
        }
        return handler;
    }

    /** True when the chain names hold Lumen's metrics middleware. */
    boolean counts(Iterable<String> chain) {
        for (String n : chain) {
            if (metricsNames.contains(n)) {
                return true;
            }
        }
        return false;
    }

    /** True when the chain ends by handing the request to Spring. */
    boolean handsOver(List<String> chain) {
        return !chain.isEmpty() && handoffNames.contains(chain.get(chain.size() - 1));
    }

    private Object byName(String name, Class<?> type) {
        if (!beans.containsBean(name)) {
            return null;
        }
        Class<?> expected = type != null ? type : Object.class;
        boolean handlerType = beans.isTypeMatch(name, HttpHandler.class) || beans.isTypeMatch(name, Middleware.class);
        // a bean that merely shares the name (Spring's own "metrics" or a user's "audit" service) is not a handler
        return handlerType && beans.isTypeMatch(name, expected) ? beans.getBean(name) : null;
    }

    private Object byType(Class<?> type) {
        String[] names = beans.getBeanNamesForType(type);
        if (names.length == 0) {
            return null;
        }
        if (names.length == 1) {
            return beans.getBean(names[0]);
        }
        Object primary = beans.getBeanProvider(type).getIfUnique();
        if (primary == null) {
            throw new IllegalStateException("several beans are a " + type.getName() + " " + Arrays.toString(names)
                    + ": name one in handler.yml (" + type.getName() + "@<bean name>) or make one @Primary");
        }
        return primary;
    }

    private static boolean lumenCanConstruct(Class<?> type) {
        if (!Modifier.isPublic(type.getModifiers())) {
            return false;
        }
        for (Constructor<?> c : type.getConstructors()) {
            Class<?>[] p = c.getParameterTypes();
            if (p.length == 0 || (p.length == 1 && p[0] == ServiceContext.class)) {
                return true;
            }
        }
        return false;
    }
}
