package io.lumen.spring.it;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import org.springframework.stereotype.Component;

/** A handler that is a Spring bean with a constructor-injected dependency. */
@Component
public class GreetingHandler implements HttpHandler {
    private final GreetingService greetings;

    public GreetingHandler(GreetingService greetings) {
        this.greetings = greetings;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getResponseSender().send(greetings.greet("bean"));
    }
}
