package io.lumen.server;

/** Lets handler-module tests put a service in a lifecycle state (the setter is package-private in core). */
public final class ReadinessControl {
    private ReadinessControl() {
    }

    public static void set(Readiness readiness, Readiness.State state) {
        readiness.set(state);
    }
}
