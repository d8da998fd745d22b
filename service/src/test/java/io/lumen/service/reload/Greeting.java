package io.lumen.service.reload;

import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.SameThreadExecutor;

import java.util.concurrent.TimeUnit;

/**
 * Answers greeting.yml's {@code message}, read once in its constructor (so the answer tells which
 * generation served), and shares a {@link Tracked} resource per generation, which it checks on
 * every request as a handler would use its pool.
 */
public class Greeting implements HttpHandler {
    public record Config(String message) {
    }

    private final String message;
    private final Tracked resource;

    public Greeting(ServiceContext context) {
        this.message = context.config().load("greeting", Config.class).message();
        this.resource = context.shared(Tracked.class, () -> new Tracked(message));
    }

    /**
     * 500 when its generation's resource was already closed: a request used what a reload closed.
     * With {@code ?delay=ms} it answers that much later (an IO-thread timer, no thread waits) and
     * checks the resource again then, as a slow request holding a pooled connection would.
     */
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        var delay = exchange.getQueryParameters().get("delay");
        if (delay != null && !exchange.isComplete()) {
            exchange.getQueryParameters().remove("delay");
            long ms = Long.parseLong(delay.getFirst());
            exchange.dispatch(SameThreadExecutor.INSTANCE, () -> exchange.getIoThread().executeAfter(
                    () -> handleRequest(exchange), ms, TimeUnit.MILLISECONDS));
            return;
        }
        if (resource.isClosed()) {
            exchange.setStatusCode(500);
            exchange.getResponseSender().send("used after close: " + resource);
            return;
        }
        exchange.getResponseSender().send(String.valueOf(message));
    }
}
