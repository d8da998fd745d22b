package io.lumen.security.cache;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Verified tokens by the SHA-256 of the token text: a forged token cannot collide with a cached one, and
 * the cache holds no bearer tokens. Bounded: at most {@code capacity} entries, evicted in CLOCK order
 * (insertion order with a second chance for entries read since the last sweep). An entry is never
 * served at or after its token's {@code exp}: a hit past it removes the entry and misses.
 *
 * <p>Thread-safe. A hit is one digest, one map read and a time comparison; inserts take a short lock
 * (they follow a signature verification, which costs far more).
 */
public final class TokenCache<T extends TokenCache.Expiring> {
    /** What the cache holds: a verified token, served until its expiry. */
    public interface Expiring {
        /** The token's {@code exp} in epoch milliseconds. */
        long expiresAtMillis();
    }

    private final int capacity;
    private final MessageDigest prototype;
    private final ConcurrentHashMap<Key, Entry<T>> map;
    private final ArrayDeque<Key> clock = new ArrayDeque<>(); // guarded by itself

    public TokenCache(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        this.capacity = capacity;
        this.map = new ConcurrentHashMap<>(Math.min(capacity, 1 << 16) * 4 / 3 + 1);
        try {
            this.prototype = MessageDigest.getInstance("SHA-256");
            prototype.clone(); // fail now if this provider's digest cannot be cloned
        } catch (NoSuchAlgorithmException | CloneNotSupportedException e) {
            throw new IllegalStateException("SHA-256 is required", e);
        }
    }

    /** The cached token for {@code token} that is still valid at {@code nowMillis}, or null. */
    public T get(String token, long nowMillis) {
        return get(key(token), nowMillis);
    }

    /** As {@link #get(String, long)} with a key from {@link #key(String)} (computed once per request). */
    public T get(Key key, long nowMillis) {
        Entry<T> e = map.get(key);
        if (e == null) {
            return null;
        }
        if (nowMillis >= e.token.expiresAtMillis()) {
            map.remove(key, e);
            return null;
        }
        if (!e.referenced) {
            e.referenced = true; // written only when it changes: hits stay read-only on the shared line
        }
        return e.token;
    }

    /** Remembers a verified token (unless already expired at {@code nowMillis}). */
    public void put(Key key, T token, long nowMillis) {
        if (nowMillis >= token.expiresAtMillis()) {
            return;
        }
        synchronized (clock) {
            if (map.put(key, new Entry<>(token)) != null) {
                return; // replaced: its key is already on the clock
            }
            clock.addLast(key);
            while (map.size() > capacity && !clock.isEmpty()) {
                Key candidate = clock.pollFirst();
                Entry<T> e = map.get(candidate);
                if (e == null) {
                    continue; // expired and removed by a reader
                }
                if (e.referenced && nowMillis < e.token.expiresAtMillis()) {
                    e.referenced = false;
                    clock.addLast(candidate);
                } else {
                    map.remove(candidate);
                }
            }
            if (clock.size() > 2 * capacity) { // keys of entries removed by readers: drop them
                clock.removeIf(k -> !map.containsKey(k));
            }
        }
    }

    /** The number of entries (expired ones not yet noticed included). */
    public int size() {
        return map.size();
    }

    /** The cache key of a token: its SHA-256. */
    public Key key(String token) {
        MessageDigest md;
        try {
            md = (MessageDigest) prototype.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException(e);
        }
        byte[] d = md.digest(token.getBytes(StandardCharsets.UTF_8));
        return new Key(word(d, 0), word(d, 8), word(d, 16), word(d, 24));
    }

    private static long word(byte[] b, int at) {
        long v = 0;
        for (int i = at; i < at + 8; i++) {
            v = (v << 8) | (b[i] & 0xff);
        }
        return v;
    }

    /** A 256-bit digest as four longs. */
    public record Key(long a, long b, long c, long d) {
        @Override
        public int hashCode() {
            return (int) (a ^ (a >>> 32));
        }
    }

    private static final class Entry<T> {
        final T token;
        volatile boolean referenced;

        Entry(T token) {
            this.token = token;
        }
    }
}
