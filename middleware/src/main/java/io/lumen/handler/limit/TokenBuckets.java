package io.lumen.handler.limit;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Token buckets by key, in a bounded table: the keys are spread over a few stripes, each an
 * access-ordered map that drops its least recently used key when full, so the table never holds
 * more than {@code maxKeys} keys. A bucket is one {@link AtomicLong} (GCRA, the "theoretical
 * arrival time" form of a token bucket), updated lock-free; only the table lookup takes a stripe
 * lock. Thread-safe.
 */
final class TokenBuckets {
    private static final int MAX_STRIPES = 16;

    private final long interval;  // ns per token
    private final long tolerance; // ns of credit a full bucket holds: burst * interval
    private final Stripe[] stripes;

    TokenBuckets(double rate, int burst, int maxKeys) {
        this.interval = Math.max(1L, (long) (1_000_000_000d / rate));
        this.tolerance = (double) interval * burst > Long.MAX_VALUE / 4 ? Long.MAX_VALUE / 4 : interval * burst;
        int n = Math.min(MAX_STRIPES, maxKeys);
        this.stripes = new Stripe[n];
        int perStripe = maxKeys / n;
        for (int i = 0; i < n; i++) {
            stripes[i] = new Stripe(perStripe);
        }
    }

    /**
     * Takes a token for {@code key} at {@code now} (nanoTime): 0 when granted, else the nanoseconds
     * until one would be.
     */
    long acquire(Object key, long now) {
        long r = take(key, now);
        return r > 0 ? r : 0;
    }

    /**
     * As {@link #acquire}, telling more when granted: the nanoseconds to wait when refused (> 0), else
     * minus the whole tokens left in the bucket (0 when this was the last one).
     */
    long take(Object key, long now) {
        AtomicLong bucket = bucket(key);
        while (true) {
            long tat = bucket.get();
            long start = tat - now > 0 ? tat : now;
            long next = start + interval;
            long wait = next - tolerance - now;
            if (wait > 0) {
                return wait;
            }
            if (bucket.compareAndSet(tat, next)) {
                return -((tolerance - (next - now)) / interval);
            }
        }
    }

    private AtomicLong bucket(Object key) {
        int h = key.hashCode();
        Stripe s = stripes[((h ^ (h >>> 16)) & 0x7fffffff) % stripes.length];
        synchronized (s) {
            AtomicLong b = s.get(key);
            if (b == null) {
                b = new AtomicLong(Long.MIN_VALUE / 2);
                s.put(key, b);
            }
            return b;
        }
    }

    /** The bucket size in tokens. */
    long burst() {
        return tolerance / interval;
    }

    /** Nanoseconds one token takes to come back. */
    long interval() {
        return interval;
    }

    /** How many keys the table holds now. */
    int size() {
        int n = 0;
        for (Stripe s : stripes) {
            synchronized (s) {
                n += s.size();
            }
        }
        return n;
    }

    private static final class Stripe extends LinkedHashMap<Object, AtomicLong> {
        private static final long serialVersionUID = 1L;
        private final int capacity;

        Stripe(int capacity) {
            super(Math.min(capacity, 1024) * 4 / 3 + 1, 0.75f, true);
            this.capacity = capacity;
        }

        @Override
        protected boolean removeEldestEntry(Map.Entry<Object, AtomicLong> eldest) {
            return size() > capacity;
        }
    }
}
