package io.lumen.security.keys;

import java.security.Key;
import java.security.PublicKey;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Every verification key of a service by kid: the configured certificates first, then the JWKS (if any).
 * Thread-safe; lookups are a map read or two.
 */
public final class KeyRing {
    private final Map<String, PublicKey> certificates;
    private final JwksSource jwks;

    /** @param jwks null when no JWKS is configured */
    public KeyRing(Map<String, PublicKey> certificates, JwksSource jwks) {
        this.certificates = Map.copyOf(certificates);
        this.jwks = jwks;
    }

    /** The key of {@code kid}, or null when no source knows it. */
    public Key key(String kid) {
        PublicKey k = certificates.get(kid);
        if (k == null && jwks != null) {
            k = jwks.key(kid);
        }
        return k;
    }

    /**
     * Asks the JWKS for new keys (a rotation); null when there is no JWKS or a fetch ran less than the
     * refresh interval ago. The future completes normally (success or not) within the JWKS timeout.
     */
    public CompletableFuture<Void> refresh() {
        return jwks == null ? null : jwks.refresh();
    }

    @Override
    public String toString() {
        return "kids " + certificates.keySet() + (jwks == null ? "" : " + " + jwks);
    }
}
