package io.lumen.handler.testing;

import io.lumen.handler.Blocking;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes with blocking streams (throws on {@code ?fail}); answers whether it
 * ran off the IO thread and on a virtual thread.
 */
public class BlockingHandler implements HttpHandler, Blocking {
    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (exchange.getQueryParameters().containsKey("fail")) {
            throw new IllegalStateException("secret internal detail");
        }
        String body = "io=" + exchange.isInIoThread() + " virtual=" + isVirtual(Thread.currentThread());
        try (OutputStream out = exchange.getOutputStream()) {
            out.write(body.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static boolean isVirtual(Thread t) {
        try {
            return (Boolean) Thread.class.getMethod("isVirtual").invoke(t);
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }

    /** Implements {@link Blocking} but says it does not block (as a handler on an in-memory store would). */
    public static final class NotBlocking implements HttpHandler, Blocking {
        @Override
        public boolean blocks() {
            return false;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) {
            exchange.getResponseSender().send("io=" + exchange.isInIoThread());
        }
    }
}
