package io.lumen.testkit.core;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AwaitTest {
    @Test
    void returnsAsSoonAsTheConditionHolds() {
        AtomicInteger polls = new AtomicInteger();
        long start = System.nanoTime();
        Await.until(() -> polls.incrementAndGet() >= 3, Duration.ofSeconds(5), "three polls");
        assertEquals(3, polls.get());
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(1).toNanos(), "backoff starts at 1 ms");
    }

    @Test
    void failsNamingWhatItWaitedForAndTheLastValue() {
        AssertionError e = assertThrows(AssertionError.class,
                () -> Await.until(() -> 7, v -> v > 10, Duration.ofMillis(50), "more than ten"));
        assertTrue(e.getMessage().contains("more than ten") && e.getMessage().contains("last value: 7"), e.getMessage());
        AssertionError plain = assertThrows(AssertionError.class, () -> Await.until(() -> false, Duration.ofMillis(20), "never true"));
        assertTrue(plain.getMessage().contains("timed out after 20 ms waiting for: never true"), plain.getMessage());
    }

    @Test
    void returnsTheValueThatSatisfied() {
        AtomicInteger n = new AtomicInteger();
        assertEquals(4, Await.until(n::incrementAndGet, v -> v == 4, Duration.ofSeconds(5), "four"));
    }

    @Test
    void holdsWithinReportsInsteadOfFailing() {
        assertFalse(Await.holdsWithin(() -> false, Duration.ofMillis(20)));
        assertTrue(Await.holdsWithin(() -> true, Duration.ofMillis(20)));
    }

    @Test
    void neverWatchesTheWholeWindowAndFailsAtTheFirstViolation() {
        AtomicInteger polls = new AtomicInteger();
        long start = System.nanoTime();
        Await.never(() -> polls.incrementAndGet() < 0, Duration.ofMillis(60), "negative");
        assertTrue(System.nanoTime() - start >= Duration.ofMillis(60).toNanos(), "the window is observed whole");
        assertTrue(polls.get() > 2, "checked throughout, not once: " + polls.get());
        AtomicInteger n = new AtomicInteger();
        AssertionError e = assertThrows(AssertionError.class, () -> Await.never(() -> n.incrementAndGet() == 3, Duration.ofSeconds(5), "the third poll"));
        assertTrue(e.getMessage().contains("the third poll"), e.getMessage());
        assertEquals(3, n.get(), "failed at once");
    }

    @Test
    void anInterruptEndsTheWaitAndKeepsTheFlag() {
        Thread.currentThread().interrupt();
        try {
            assertThrows(AssertionError.class, () -> Await.until(() -> false, Duration.ofSeconds(5), "x"));
            assertTrue(Thread.currentThread().isInterrupted());
        } finally {
            Thread.interrupted();
        }
    }
}
