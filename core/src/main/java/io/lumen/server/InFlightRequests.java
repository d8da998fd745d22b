package io.lumen.server;

import io.undertow.server.ExchangeCompletionListener;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.StatusCodes;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The server's first handler: counts requests in flight so shutdown can wait for them (after
 * {@link #shutdown()} new requests get 503), and sends each request to the current root, which a
 * configuration reload may {@link #replace} while requests run. Does what Undertow's
 * {@code GracefulShutdownHandler} does, but counts with striped {@link LongAdder}s instead of one
 * contended atomic field: every request counts in and out, and with one field both IO threads
 * bounce its cache line on every request.
 *
 * <p>Each root is a {@link Generation} with its own counts, so a replaced root knows when the last
 * request it took has finished. Per request this costs one volatile read (the current generation)
 * on top of the counting a graceful shutdown needs anyway. Runs on the IO thread; the completion
 * listener is the generation itself (no allocation). Thread-safe.
 */
public final class InFlightRequests implements HttpHandler {
    private static final int LIVE = 0;
    private static final int RETIRED = 1;
    private static final int SHUT_DOWN = 2;

    private final Object changed = new Object();
    /** Replaced generations that may still have requests; guarded by {@link #changed} for writes. */
    private final List<Generation> retired = new CopyOnWriteArrayList<>();
    private volatile Generation current;

    /**
     * @param root the first root. {@link LumenServer} puts one in front of its service; an embedding
     *             whose server drains on its own (Spring Boot's) uses one only to {@link #replace} roots
     */
    public InFlightRequests(HttpHandler root) {
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
                exchange.setStatusCode(StatusCodes.SERVICE_UNAVAILABLE);
                exchange.setPersistent(false);
                exchange.endExchange();
                return;
            }
            g = current; // retired between the read and the count: a newer root takes it
        }
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

    /** New requests get 503 from now on. */
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
