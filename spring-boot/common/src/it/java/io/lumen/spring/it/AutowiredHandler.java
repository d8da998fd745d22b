package io.lumen.spring.it;

import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * Not a bean, and without a constructor Lumen can call: Spring creates it, injecting a bean and
 * Lumen's ServiceContext.
 */
public class AutowiredHandler implements HttpHandler {
    private final GreetingService greetings;
    private final String serviceId;

    public AutowiredHandler(GreetingService greetings, ServiceContext context) {
        this.greetings = greetings;
        this.serviceId = context.server().serviceId();
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getResponseSender().send(greetings.greet("autowired") + " from " + serviceId);
    }
}
