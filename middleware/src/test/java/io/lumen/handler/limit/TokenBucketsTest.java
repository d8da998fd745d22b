package io.lumen.handler.limit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TokenBucketsTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void aFullBucketGrantsExactlyTheBurstAtOnce() {
        TokenBuckets b = new TokenBuckets(10, 5, 100);
        long now = 123 * SECOND;
        for (int i = 0; i < 5; i++) {
            assertEquals(0, b.acquire("k", now), "request " + i);
        }
        assertEquals(SECOND / 10, b.acquire("k", now), "the sixth waits one token interval");
    }

    @Test
    void tokensComeBackAtTheConfiguredRate() {
        TokenBuckets b = new TokenBuckets(2, 1, 100);
        long now = 5 * SECOND;
        assertEquals(0, b.acquire("k", now));
        assertTrue(b.acquire("k", now + SECOND / 4) > 0);
        assertEquals(0, b.acquire("k", now + SECOND / 2));
    }

    @Test
    void anIdleBucketRefillsOnlyUpToTheBurst() {
        TokenBuckets b = new TokenBuckets(100, 3, 100);
        long later = 3600 * SECOND;
        for (int i = 0; i < 3; i++) {
            assertEquals(0, b.acquire("k", later));
        }
        assertTrue(b.acquire("k", later) > 0);
    }

    @Test
    void theKeyTableNeverHoldsMoreThanMaxKeys() {
        TokenBuckets b = new TokenBuckets(1, 1, 100);
        for (int i = 0; i < 100 + 5000; i++) {
            b.acquire("key-" + i, SECOND);
            assertTrue(b.size() <= 100, "size " + b.size() + " after " + i);
        }
        assertTrue(b.size() >= 50, "the table is still used, size " + b.size());
    }

    @Test
    void aTinyTableStillWorks() {
        TokenBuckets b = new TokenBuckets(1, 1, 1);
        assertEquals(0, b.acquire("a", SECOND));
        assertTrue(b.acquire("a", SECOND) > 0);
        assertEquals(0, b.acquire("b", SECOND));
        assertEquals(1, b.size());
    }
}
