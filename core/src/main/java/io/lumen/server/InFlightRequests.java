package io.lumen.server;

import io.lumen.status.ErrorResponder;
import io.undertow.server.ExchangeCompletionListener;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts requests in flight so shutdown can wait for them; after {@link #shutdown()} new requests
 * are refused. Does what Undertow's {@code GracefulShutdownHandler} does, but counts with a striped
 * {@link LongAdder} instead of one contended atomic field: every request increments and
 * decrements the count, and with one field both IO threads bounce its cache line on every request.
 * Runs on the IO thread; the completion listener is one shared instance (no allocation).
 *
 * <p>A refused request gets 503 ERR10054 (the error JSON), {@code Connection: close}, so the client
 * reconnects to another instance, and {@value #UNPROCESSED_HEADER}{@code : draining}: it never
 * reached a handler, so a proxy or client may send it elsewhere whatever its method (Lumen's proxy
 * and client do).
 */
final class InFlightRequests implements HttpHandler {
    /** Marks a response to a request that no handler saw: safe to send again, to another instance. */
    static final String UNPROCESSED_HEADER = "Lumen-Unprocessed";
    private static final HttpString UNPROCESSED = new HttpString(UNPROCESSED_HEADER);
    private static final String UNAVAILABLE = "ERR10054";

    private final HttpHandler next;
    private final ErrorResponder errors;
    private final LongAdder active = new LongAdder();
    private final Object drained = new Object();
    private volatile boolean shutdown;

    private final ExchangeCompletionListener done = (exchange, nextListener) -> {
        try {
            active.decrement();
            if (shutdown) {
                synchronized (drained) {
                    drained.notifyAll();
                }
            }
        } finally {
            nextListener.proceed();
        }
    };

    InFlightRequests(HttpHandler next, ErrorResponder errors) {
        this.next = next;
        this.errors = errors;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        active.increment(); // count first, then look at the flag: shutdown() never misses a request it lets in
        if (shutdown) {
            active.decrement();
            refuse(exchange);
            return;
        }
        exchange.addExchangeCompleteListener(done);
        next.handleRequest(exchange);
    }

    private void refuse(HttpServerExchange exchange) {
        exchange.setPersistent(false);
        exchange.getResponseHeaders().put(UNPROCESSED, "draining");
        errors.send(exchange, UNAVAILABLE, "the service is shutting down");
    }

    /** New requests are refused from now on. */
    void shutdown() {
        shutdown = true;
    }

    /** Waits until no request is in flight or {@code millis} pass; true when drained. */
    boolean awaitDrained(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        synchronized (drained) {
            while (active.sum() > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                // bounded wait: a decrement racing with this check is caught on the next pass
                drained.wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 10)));
            }
        }
        return true;
    }

    long inFlight() {
        return active.sum();
    }
}
