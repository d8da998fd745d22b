package io.lumen.datasource.testing;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.fail;

/** Waits for a condition, polling every 20 ms, bounded by a deadline: tests never sleep a fixed time. */
public final class Await {
    private Await() {
    }

    public static void until(Duration limit, String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("timed out after " + limit.toMillis() + " ms waiting for " + what);
            }
            LockSupport.parkNanos(20_000_000L);
        }
    }
}
