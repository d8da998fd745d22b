package io.lumen.security.cache;

import io.lumen.security.VerifiedToken;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class TokenCacheTest {
    static VerifiedToken expiringAt(long millis) {
        return VerifiedToken.of(Map.of("sub", "s", "exp", millis / 1000), millis);
    }

    @Test
    void aHitReturnsTheVerifiedTokenUntilItsExpiryThenMissesAndForgetsIt() {
        TokenCache<VerifiedToken> cache = new TokenCache<>(10);
        VerifiedToken t = expiringAt(10_000);
        cache.put(cache.key("tok"), t, 1_000);
        assertSame(t, cache.get("tok", 9_999));
        assertNull(cache.get("tok", 10_000));
        assertEquals(0, cache.size());
    }

    @Test
    void anAlreadyExpiredTokenIsNotStored() {
        TokenCache<VerifiedToken> cache = new TokenCache<>(10);
        cache.put(cache.key("tok"), expiringAt(1_000), 1_000);
        assertEquals(0, cache.size());
    }

    @Test
    void theCacheNeverHoldsMoreThanItsCapacity() {
        TokenCache<VerifiedToken> cache = new TokenCache<>(100);
        for (int i = 0; i < 1_000; i++) {
            cache.put(cache.key("tok" + i), expiringAt(60_000), 0);
        }
        assertEquals(100, cache.size());
        assertNotNull(cache.get("tok999", 1)); // the newest survive
        assertNull(cache.get("tok0", 1));
    }

    @Test
    void recentlyReadEntriesGetASecondChance() {
        TokenCache<VerifiedToken> cache = new TokenCache<>(3);
        for (String k : new String[] {"a", "b", "c"}) {
            cache.put(cache.key(k), expiringAt(60_000), 0);
        }
        cache.get("a", 1); // a is referenced
        cache.put(cache.key("d"), expiringAt(60_000), 1); // evicts b (a gets its second chance)
        assertNotNull(cache.get("a", 2));
        assertNull(cache.get("b", 2));
        assertNotNull(cache.get("c", 2));
        assertNotNull(cache.get("d", 2));
    }

    @Test
    void keysAreTheSha256OfTheToken() {
        TokenCache<VerifiedToken> cache = new TokenCache<>(1);
        assertEquals(cache.key("x.y.z"), cache.key("x.y.z"));
        assertNotEquals(cache.key("x.y.z"), cache.key("x.y.Z"));
        // SHA-256("abc") = ba7816bf 8f01cfea ...
        assertEquals(0xba7816bf8f01cfeaL, cache.key("abc").a());
    }
}
