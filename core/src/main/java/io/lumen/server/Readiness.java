package io.lumen.server;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where a service is in its life, and whether what it depends on is there. Readiness probes
 * answer "ready" only in {@link State#READY} and while every registered {@link Dependency} is
 * available: not while starting, nor while draining at shutdown, nor while a database the service
 * needs cannot be reached. Thread-safe; {@link #isReady()} is two volatile reads, cheap enough for
 * a probe on the IO thread.
 */
public final class Readiness {
    /** The lifecycle states, in order. */
    public enum State { STARTING, READY, DRAINING, STOPPED }

    private volatile State state = State.STARTING;
    private final List<Dependency> dependencies = new CopyOnWriteArrayList<>();
    private final AtomicInteger unavailable = new AtomicInteger();

    public State state() {
        return state;
    }

    /** True in {@link State#READY} with every dependency available. */
    public boolean isReady() {
        return state == State.READY && unavailable.get() == 0;
    }

    /**
     * Why the service is not ready: the state when it is not {@code READY}, else the names of the
     * unavailable dependencies; {@code READY} when it is ready.
     */
    public String reason() {
        State s = state;
        if (s != State.READY || unavailable.get() == 0) {
            return s.name();
        }
        StringBuilder b = new StringBuilder("unavailable: ");
        int n = 0;
        for (Dependency d : dependencies) {
            if (!d.isAvailable()) {
                b.append(n++ == 0 ? "" : ", ").append(d.name());
            }
        }
        return b.toString();
    }

    /**
     * Registers something the service needs to serve requests (a database, a downstream service),
     * initially {@code available} or not. Its owner reports changes through the returned handle,
     * typically from a background health check.
     */
    public Dependency dependency(String name, boolean available) {
        Dependency d = new Dependency(name, available);
        if (!available) {
            unavailable.incrementAndGet();
        }
        dependencies.add(d);
        return d;
    }

    /** The registered dependencies, in registration order. */
    public List<Dependency> dependencies() {
        return List.copyOf(dependencies);
    }

    /** Moves to {@code next}; called by whoever owns the lifecycle (the server, or an embedding application). */
    public void set(State next) {
        state = next;
    }

    /** One thing readiness depends on; see {@link #dependency(String, boolean)}. Thread-safe. */
    public final class Dependency {
        private final String name;
        private boolean available; // guarded by this
        private boolean removed; // guarded by this

        private Dependency(String name, boolean available) {
            this.name = name;
            this.available = available;
        }

        public String name() {
            return name;
        }

        public synchronized boolean isAvailable() {
            return available;
        }

        /** Reports the dependency's state; returns true when that changed it. Ignored once removed. */
        public synchronized boolean available(boolean now) {
            if (available == now || removed) {
                return false;
            }
            available = now;
            unavailable.addAndGet(now ? -1 : 1);
            return true;
        }

        /**
         * Readiness no longer depends on this (its owner closed: a pool of a configuration that a
         * reload replaced); idempotent.
         */
        public synchronized void remove() {
            if (removed) {
                return;
            }
            removed = true;
            dependencies.remove(this);
            if (!available) {
                unavailable.decrementAndGet();
            }
        }

        @Override
        public String toString() {
            return name + (isAvailable() ? " (available)" : " (unavailable)");
        }
    }
}
