package io.lumen.spring.embed;

import io.lumen.handler.metrics.MetricsHandler;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;

import java.lang.reflect.Proxy;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** handler.yml names to beans: by name, then by class, then Lumen's own construction (or Spring's). */
class SpringHandlerFactoryTest {
    private final DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
    private final SpringHandlerFactory factory = new SpringHandlerFactory(beans);
    private final ServiceContext context = (ServiceContext) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {ServiceContext.class}, (p, m, a) -> m.getName().equals("toString") ? "test context" : null);

    @Test
    void aBeanOfTheNameWins() {
        Plain byName = new Plain();
        beans.registerSingleton("hello", byName);
        beans.registerSingleton("another", new Plain());
        assertSame(byName, factory.find("hello", Plain.class, context));
        assertSame(byName, factory.find("hello", null, context), "a name only a bean knows");
    }

    @Test
    void aBeanThatOnlySharesTheNameIsNotAHandler() {
        beans.registerSingleton("audit", "some application service");
        Plain byType = new Plain();
        beans.registerSingleton("plain", byType);
        assertSame(byType, factory.find("audit", Plain.class, context));
        assertNull(factory.find("audit", null, context));
    }

    @Test
    void theOneBeanOfTheClassIsUsed() {
        Plain only = new Plain();
        beans.registerSingleton("whatever", only);
        assertSame(only, factory.find("io.lumen.spring.embed.SpringHandlerFactoryTest$Plain", Plain.class, context));
    }

    @Test
    void severalBeansOfTheClassWithoutAPrimaryIsAnError() {
        beans.registerSingleton("a", new Plain());
        beans.registerSingleton("b", new Plain());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> factory.find("x", Plain.class, context));
        assertTrue(e.getMessage().contains("several beans") && e.getMessage().contains("[a, b]"), e.getMessage());
    }

    @Test
    void noBeanLeavesConstructionToLumenWhenItCan() {
        assertNull(factory.find("plain", Plain.class, context));
    }

    @Test
    void aClassLumenCannotConstructIsCreatedBySpringWithInjection() {
        beans.registerSingleton("names", List.of("x"));
        Object created = factory.find("injected", Injected.class, context);
        Injected injected = assertInstanceOf(Injected.class, created);
        assertEquals(List.of("x"), injected.names);
        assertSame(context, injected.context);
        assertFalse(beans.containsBean("injected"), "created, not registered");
    }

    @Test
    void remembersWhichNamesAreLumensMetrics() {
        beans.registerBeanDefinition("m", new RootBeanDefinition(Plain.class));
        factory.find("metrics", MetricsHandler.class, context);
        factory.find("m", null, context);
        assertTrue(factory.counts(List.of("exception", "metrics", "spring")));
        assertFalse(factory.counts(List.of("exception", "m", "spring")));
    }

    @Test
    void theSpringTerminalIsThisContextsHandoffBean() {
        SpringHandoff handoff = new SpringHandoff();
        beans.registerSingleton("lumenSpringHandoff", handoff);
        assertSame(handoff, factory.find("spring", SpringHandoff.class, context));
        assertTrue(factory.handsOver(List.of("exception", "spring")));
        assertFalse(factory.handsOver(List.of("exception", "hello")));
    }

    /** A handler Lumen can construct. */
    public static class Plain implements HttpHandler {
        @Override
        public void handleRequest(HttpServerExchange exchange) {
        }
    }

    /** A handler only Spring can construct. */
    public static class Injected implements HttpHandler {
        final List<String> names;
        final ServiceContext context;

        public Injected(List<String> names, ServiceContext context) {
            this.names = names;
            this.context = context;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) {
        }
    }
}
