package io.lumen.testkit.core;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Waiting for a condition instead of sleeping a fixed time: polls with a short backoff (1 ms,
 * doubling to at most 50 ms) until the condition holds, and fails with the caller's description
 * (and the last value seen) when the timeout runs out. A test that waits this way is as fast as the
 * system under test and only as slow as it must be on a loaded machine.
 *
 * <pre>{@code
 * Await.until(() -> backend.count() == 3, Duration.ofSeconds(5), "three requests reached the backend");
 * PoolStats s = Await.until(() -> client.stats(origin), st -> st.idle() == 0, Duration.ofSeconds(5), "the pool drained");
 * Await.never(() -> backend.count() > 0, Duration.ofMillis(100), "nothing reached the backend");
 * }</pre>
 *
 * Conditions run on the calling thread; they must be cheap and must not block for long (a condition
 * that sends a request is fine: the timeout is checked between calls). An interrupt stops the wait
 * with an {@link AssertionError} and keeps the thread's interrupt flag set.
 */
public final class Await {
    private static final long FIRST_PAUSE_NANOS = Duration.ofMillis(1).toNanos();
    private static final long MAX_PAUSE_NANOS = Duration.ofMillis(50).toNanos();
    /** The timeout of {@link #until(BooleanSupplier)}: generous, a loaded CI machine is slow. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    private Await() {
    }

    /** Waits until {@code condition} holds, at most {@code timeout}; else fails naming {@code what}. */
    public static void until(BooleanSupplier condition, Duration timeout, String what) {
        if (!holdsWithin(condition, timeout)) {
            throw new AssertionError("timed out after " + timeout.toMillis() + " ms waiting for: " + what);
        }
    }

    /** Waits until {@code condition} holds, at most {@link #DEFAULT_TIMEOUT}. */
    public static void until(BooleanSupplier condition) {
        until(condition, DEFAULT_TIMEOUT, "the condition");
    }

    /** {@link #until(BooleanSupplier, Duration, String)} with a generic description. */
    public static void until(BooleanSupplier condition, Duration timeout) {
        until(condition, timeout, "the condition");
    }

    /**
     * Polls {@code probe} until its value satisfies {@code done}, at most {@code timeout}; returns that
     * value, or fails naming {@code what} and the last value seen.
     */
    public static <T> T until(Supplier<T> probe, Predicate<? super T> done, Duration timeout, String what) {
        long end = System.nanoTime() + timeout.toNanos();
        long pause = FIRST_PAUSE_NANOS;
        T value = probe.get();
        while (!done.test(value)) {
            if (System.nanoTime() - end >= 0) {
                throw new AssertionError("timed out after " + timeout.toMillis() + " ms waiting for: " + what + "; last value: " + value);
            }
            pause = pause(pause, end);
            value = probe.get();
        }
        return value;
    }

    /**
     * Whether {@code condition} comes to hold within {@code timeout} (polling as above), for a test
     * that asserts with its own message or measures how long it took.
     */
    public static boolean holdsWithin(BooleanSupplier condition, Duration timeout) {
        long end = System.nanoTime() + timeout.toNanos();
        long pause = FIRST_PAUSE_NANOS;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end >= 0) {
                return false;
            }
            pause = pause(pause, end);
        }
        return true;
    }

    /**
     * Checks throughout {@code window} that {@code violation} never holds, failing as soon as it does.
     * For a claim that something does <em>not</em> happen (nothing forwarded, no more health checks):
     * such a claim needs an observation window, and the window is the subject of the test, not a wait.
     */
    public static void never(BooleanSupplier violation, Duration window, String what) {
        long end = System.nanoTime() + window.toNanos();
        long pause = FIRST_PAUSE_NANOS;
        do {
            if (violation.getAsBoolean()) {
                throw new AssertionError("expected never, but it happened: " + what);
            }
            pause = pause(pause, end);
        } while (System.nanoTime() - end < 0);
        if (violation.getAsBoolean()) {
            throw new AssertionError("expected never, but it happened: " + what);
        }
    }

    /** Parks for {@code pause} (not past {@code end}) and returns the next, doubled pause. */
    private static long pause(long pause, long end) {
        long left = end - System.nanoTime();
        LockSupport.parkNanos(Math.max(0, Math.min(pause, left)));
        if (Thread.interrupted()) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting");
        }
        return Math.min(pause * 2, MAX_PAUSE_NANOS);
    }
}
