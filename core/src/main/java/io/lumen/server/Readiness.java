package io.lumen.server;

/**
 * Where a service is in its life. Readiness probes answer "ready" only in {@link State#READY}:
 * not while starting, nor while draining at shutdown. Thread-safe.
 */
public final class Readiness {
    /** The lifecycle states, in order. */
    public enum State { STARTING, READY, DRAINING, STOPPED }

    private volatile State state = State.STARTING;

    public State state() {
        return state;
    }

    public boolean isReady() {
        return state == State.READY;
    }

    /** Moves to {@code next}; called by whoever owns the lifecycle (the server, or an embedding application). */
    public void set(State next) {
        state = next;
    }
}
