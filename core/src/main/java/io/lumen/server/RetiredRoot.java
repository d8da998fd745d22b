package io.lumen.server;

/**
 * A root handler that {@link LumenServer#replaceRoot} replaced: it takes no new request, and the
 * requests it took before run to their end on it. Whoever replaced it waits here before closing
 * what that root's handlers use (pools, clients, schedulers). Thread-safe.
 */
public interface RetiredRoot {
    /** Requests still running on this root. */
    long inFlight();

    /**
     * Waits until the last request this root took has finished, or {@code millis} pass.
     *
     * @return true when none is left
     */
    boolean awaitIdle(long millis) throws InterruptedException;
}
