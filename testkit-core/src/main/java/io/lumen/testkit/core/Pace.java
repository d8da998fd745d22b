package io.lumen.testkit.core;

import java.time.Duration;

/**
 * Deliberate delays that are the <em>subject</em> of a test, never a wait for something to happen
 * (use {@link Await} for that): a backend that must be slow to provoke a timeout, a client that
 * sends its body slowly, events spaced out in time, a sampler's period. Each use names why it is slow; keeping them
 * behind these names is how {@code git grep Thread.sleep} in the tests stays empty.
 *
 * <p>Runs on the calling thread (a backend's worker thread, a test's client thread); an interrupt
 * ends the delay early and keeps the thread's interrupt flag set, so a stopping server is not held up.
 */
public final class Pace {
    private Pace() {
    }

    /** A backend that answers after {@code delay}: the slowness a timeout or a queue test needs. */
    public static void slowBackend(Duration delay) {
        hold(delay);
    }

    /** A client (or a streaming backend) that sends its next piece after {@code gap}: its pace is the subject. */
    public static void slowSender(Duration gap) {
        hold(gap);
    }

    /** A background sampler's period (how often it looks at a gauge): sampling is the subject, nothing is awaited. */
    public static void samplingPeriod(Duration period) {
        hold(period);
    }

    private static void hold(Duration delay) {
        try {
            Thread.sleep(delay.toMillis(), (int) (delay.toNanos() % 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
