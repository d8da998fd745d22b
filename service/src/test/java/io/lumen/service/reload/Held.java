package io.lumen.service.reload;

import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.SameThreadExecutor;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

/**
 * Holds each request until its generation's {@link Gate} opens, then answers greeting.yml's message;
 * without blocking a thread. The gate is a shared object, so a test reaches it through the context.
 */
public class Held implements HttpHandler {
    /** One per generation. */
    public static final class Gate {
        final CountDownLatch entered = new CountDownLatch(1);
        final CompletableFuture<Void> open = new CompletableFuture<>();
    }

    private final String message;
    private final Gate gate;

    public Held(ServiceContext context) {
        this.message = context.config().load("greeting", Greeting.Config.class).message();
        this.gate = context.shared(Gate.class, Gate::new);
        context.shared(Tracked.class, () -> new Tracked(message));
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.dispatch(SameThreadExecutor.INSTANCE, () -> {
            gate.entered.countDown();
            gate.open.thenRun(() -> exchange.getIoThread().execute(() -> exchange.getResponseSender().send("held " + message)));
        });
    }
}
