package io.lumen.spring.it;

import io.lumen.handler.Blocking;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import org.springframework.stereotype.Component;

import java.util.concurrent.TimeUnit;

/** A blocking Lumen handler (a bean) that answers once its gate is released, at most 20 s later. */
@Component
public class SlowHandler implements HttpHandler, Blocking {
    private final SlowGate gate;

    public SlowHandler(SlowGate gate) {
        this.gate = gate;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        gate.entered.countDown();
        boolean released = gate.release.await(20, TimeUnit.SECONDS);
        exchange.getResponseSender().send(released ? "done" : "timed out");
    }
}
