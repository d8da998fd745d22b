package io.lumen.client;

import java.util.function.LongSupplier;

/**
 * The circuit breaker of one origin, living as long as the client: {@code errorThreshold}
 * consecutive failed attempts (connect failure, timeout, connection lost, TLS or protocol error;
 * HTTP statuses are responses, not failures) open it; while open every send fails at once with
 * {@code ERR19022}; after {@code resetTimeout} ms it is half-open and lets exactly one trial request
 * through; the trial's success closes it, its failure opens it again for another {@code resetTimeout}.
 *
 * <p>Thread-safe. The closed, healthy path reads two volatile fields and takes no lock.
 */
public final class CircuitBreaker {
    /** The breaker's state. */
    public enum State { CLOSED, OPEN, HALF_OPEN }

    private final int threshold;
    private final long resetMs;
    private final LongSupplier clockMs;
    private volatile State state = State.CLOSED;
    private volatile int failures;
    private long openedAt;
    private boolean trialInFlight;

    CircuitBreaker(int threshold, long resetMs, LongSupplier clockMs) {
        this.threshold = threshold;
        this.resetMs = resetMs;
        this.clockMs = clockMs;
    }

    /** Whether a request may go out now; when it returns true the caller must report the outcome. */
    boolean allow() {
        if (state == State.CLOSED) {
            return true;
        }
        synchronized (this) {
            switch (state) {
                case CLOSED:
                    return true;
                case OPEN:
                    if (clockMs.getAsLong() - openedAt >= resetMs) {
                        state = State.HALF_OPEN;
                        trialInFlight = true;
                        return true;
                    }
                    return false;
                default:
                    if (!trialInFlight) {
                        trialInFlight = true;
                        return true;
                    }
                    return false;
            }
        }
    }

    void success() {
        if (state == State.CLOSED && failures == 0) {
            return;
        }
        synchronized (this) {
            failures = 0;
            trialInFlight = false;
            state = State.CLOSED;
        }
    }

    void failure() {
        synchronized (this) {
            if (state == State.HALF_OPEN) {
                trialInFlight = false;
                state = State.OPEN;
                openedAt = clockMs.getAsLong();
                return;
            }
            if (state == State.OPEN) {
                return;
            }
            int f = failures + 1;
            failures = f;
            if (f >= threshold) {
                state = State.OPEN;
                openedAt = clockMs.getAsLong();
            }
        }
    }

    /** An allowed request ended without saying anything about the server (e.g. the local queue was full). */
    void neutral() {
        if (state == State.CLOSED) {
            return;
        }
        synchronized (this) {
            trialInFlight = false;
        }
    }

    /** The current state; an open breaker whose reset timeout passed still reads OPEN until a request arrives. */
    public State state() {
        return state;
    }

    /** Consecutive failures counted while closed. */
    public int failures() {
        return failures;
    }
}
