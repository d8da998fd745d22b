package io.lumen.server;

import io.lumen.status.ErrorResponder;
import io.lumen.status.ErrorCodes;
import io.undertow.server.ExchangeCompletionListener;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Sends each request to the service's current root, which a configuration reload may
 * {@link #replace} while requests run, and counts requests in flight so that a replaced root and a
 * shutdown know when their last request has finished. Does what Undertow's
 * {@code GracefulShutdownHandler} does, but counts with striped {@link LongAdder}s instead of one
 * contended atomic field: every request counts in and out, and with one field both IO threads
 * bounce its cache line on every request.
 *
 * <p>After {@link #shutdown()} a new request is refused: 503 ERR19000 (the error JSON),
 * {@code Connection: close}, so the client reconnects to another instance, and
 * {@value #UNPROCESSED_HEADER}{@code : draining}: it never reached a handler, so a proxy or client
 * may send it elsewhere whatever its method (Lumen's proxy and client do).
 *
 * <p>Each root is a generation with its own counts. Per request this costs one volatile read (the
 * current generation) on top of the counting a graceful shutdown needs anyway; the root guards of
 * {@link LumenServer} (or an embedding's) sit in front of this handler, so every generation is
 * guarded the same way. Runs on the IO thread; the completion listener is the generation itself
 * (no allocation). Thread-safe.
 */
public final class InFlightRequests implements HttpHandler {
    /** Marks a response to a request that no handler saw: safe to send again, to another instance. */
    static final String UNPROCESSED_HEADER = "Lumen-Unprocessed";
    private static final HttpString UNPROCESSED = new HttpString(UNPROCESSED_HEADER);
    private static final String UNAVAILABLE = ErrorCodes.SERVICE_UNAVAILABLE;

    private static final int LIVE = 0;
    private static final int RETIRED = 1;
    private static final int SHUT_DOWN = 2;

    private final ErrorResponder errors;
    private final Object changed = new Object();
    /** Replaced generations that may still have requests; guarded by {@link #changed} for writes. */
    private final List<Generation> retired = new CopyOnWriteArrayList<>();
    private volatile Generation current;

    /**
     * @param root   the first root. {@link LumenServer} puts one in front of its service; an embedding
     *               whose server drains on its own (Spring Boot's) uses one only to {@link #replace} roots
     * @param errors writes the error JSON of a request refused while shutting down
     */
    public InFlightRequests(HttpHandler root, ErrorResponder errors) {
        this.errors = errors;
        this.current = new Generation(root);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        Generation g = current;
        while (true) {
            g.started.increment(); // count first, then look at the state: a retirement never misses a request it lets in
            int state = g.state;
            if (state == LIVE) {
                exchange.addExchangeCompleteListener(g);
                g.root.handleRequest(exchange);
                return;
            }
            g.finish(); // pairs the count above; this generation does not take the request
            if (state == SHUT_DOWN) {
                refuse(exchange);
                return;
            }
            g = current; // retired between the read and the count: a newer root takes it
        }
    }

    private void refuse(HttpServerExchange exchange) {
        exchange.setPersistent(false);
        exchange.getResponseHeaders().put(UNPROCESSED, "draining");
        errors.send(exchange, UNAVAILABLE, "the service is shutting down");
    }

    /**
     * Sends every request that arrives from now on to {@code root}; requests already in the
     * previous root finish there. Returns the previous root's drain.
     *
     * @throws IllegalStateException after {@link #shutdown()}
     */
    public RetiredRoot replace(HttpHandler root) {
        synchronized (changed) {
            Generation old = current;
            if (old.state == SHUT_DOWN) {
                throw new IllegalStateException("the server is shutting down");
            }
            retired.add(old);
            current = new Generation(root);
            old.state = RETIRED; // after the new one is current: a request that sees RETIRED finds it
            return old;
        }
    }

    /** New requests are refused from now on (503, {@code Connection: close}, {@value #UNPROCESSED_HEADER}). */
    void shutdown() {
        synchronized (changed) {
            current.state = SHUT_DOWN;
        }
    }

    /** Waits until no request is in flight in any generation or {@code millis} pass; true when drained. */
    boolean awaitDrained(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        for (Generation g : retired) {
            if (!g.awaitIdleUntil(deadline)) {
                return false;
            }
        }
        return current.awaitIdleUntil(deadline);
    }

    long inFlight() {
        long n = current.inFlight();
        for (Generation g : retired) {
            n += g.inFlight();
        }
        return n;
    }

    /**
     * One root and the requests it took. Two monotonic counts ({@code started}, {@code finished})
     * rather than one that goes up and down: a sum of a {@link LongAdder} is not atomic, and a
     * request that starts and ends while its cells are read could make a single count look like
     * zero; reading {@code finished} before {@code started} can only under-report idleness.
     */
    private final class Generation implements ExchangeCompletionListener, RetiredRoot {
        final HttpHandler root;
        final LongAdder started = new LongAdder();
        final LongAdder finished = new LongAdder();
        volatile int state = LIVE;

        Generation(HttpHandler root) {
            this.root = root;
        }

        @Override
        public void exchangeEvent(HttpServerExchange exchange, NextListener nextListener) {
            try {
                finish();
            } finally {
                nextListener.proceed();
            }
        }

        void finish() {
            finished.increment();
            if (state != LIVE) {
                synchronized (changed) {
                    changed.notifyAll();
                }
            }
        }

        @Override
        public long inFlight() {
            long done = finished.sum(); // first: see the class comment
            return Math.max(0, started.sum() - done);
        }

        @Override
        public boolean awaitIdle(long millis) throws InterruptedException {
            return awaitIdleUntil(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis));
        }

        boolean awaitIdleUntil(long deadline) throws InterruptedException {
            synchronized (changed) {
                while (inFlight() > 0) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return false;
                    }
                    // bounded wait: a finish racing with this check is caught on the next pass
                    changed.wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 10)));
                }
            }
            if (state == RETIRED) {
                retired.remove(this);
            }
            return true;
        }
    }
}
