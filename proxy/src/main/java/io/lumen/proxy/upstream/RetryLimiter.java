package io.lumen.proxy.upstream;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The retry budget: retries in the current second may be at most {@code percent} % of the requests
 * of the last second (and this one so far), but at least {@code minPerSecond}. Counting a request
 * is one {@link LongAdder} increment; only retries take the lock.
 */
public final class RetryLimiter {
    private final int percent;
    private final int minPerSecond;
    private final LongSupplier clock;
    private final LongAdder requests = new LongAdder();
    private long windowStart;
    private long lastWindowRequests;
    private long retries;

    RetryLimiter(int percent, int minPerSecond, LongSupplier clock) {
        this.percent = percent;
        this.minPerSecond = minPerSecond;
        this.clock = clock;
        this.windowStart = clock.getAsLong();
    }

    public void request() {
        requests.increment();
    }

    /** Takes one retry from the budget; false when it is spent. */
    public synchronized boolean tryRetry() {
        long now = clock.getAsLong();
        if (now - windowStart >= 1000) {
            lastWindowRequests = now - windowStart >= 2000 ? 0 : requests.sum();
            requests.reset();
            retries = 0;
            windowStart = now;
        }
        long allowed = Math.max(minPerSecond, (lastWindowRequests + requests.sum()) * percent / 100);
        if (retries < allowed) {
            retries++;
            return true;
        }
        return false;
    }
}
