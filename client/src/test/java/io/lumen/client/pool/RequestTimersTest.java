package io.lumen.client.pool;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RequestTimersTest extends OneIoThread {
    /** A timed request that records when it fired. */
    static final class Probe extends RequestTimers.Timed {
        final long timeoutMs;
        final long startedAt = System.nanoTime();
        final CompletableFuture<Long> firedAfterMs = new CompletableFuture<>();

        Probe(long timeoutMs) {
            this.timeoutMs = timeoutMs;
        }

        @Override
        public void run() {
            firedAfterMs.complete(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedAt));
        }
    }

    @Test
    void moreDistinctTimeoutsThanSortedListsEachFireNoEarlierThanTheirOwn() throws Exception {
        RequestTimers timers = new RequestTimers();
        List<Probe> probes = new ArrayList<>();
        // descending timeouts, twice the sorted lists: the later ones share the unsorted list, where
        // the shortest timeout arrives last and must still fire first
        int n = RequestTimers.SORTED_LISTS * 2;
        for (int i = 0; i < n; i++) {
            probes.add(new Probe(50 + (n - i) * 20L));
        }
        Probe stopped = new Probe(60);
        CompletableFuture<Void> started = new CompletableFuture<>();
        thread.execute(() -> {
            for (Probe p : probes) {
                timers.start(thread, p, p.timeoutMs);
            }
            timers.start(thread, stopped, stopped.timeoutMs);
            timers.stop(stopped);
            started.complete(null);
        });
        started.get(10, TimeUnit.SECONDS);
        for (Probe p : probes) {
            long after = p.firedAfterMs.get(30, TimeUnit.SECONDS);
            assertTrue(after >= p.timeoutMs, "a " + p.timeoutMs + " ms timeout fired after " + after + " ms");
        }
        // every probe fired, the stopped one (due long before the last) never
        assertFalse(stopped.firedAfterMs.isDone(), "a stopped timeout fired");
    }
}
