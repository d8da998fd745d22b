package io.lumen.security.keys;

import java.security.PublicKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * Every verification key of a service: the configured certificates first (by kid), then each JWKS
 * (security.yml's {@code jwksUrl}, or client.yml's key servers). Thread-safe; a lookup by kid is a
 * map read per source.
 */
public final class KeyRing {
    private final Map<String, VerificationKey> certificates;
    private final List<JwksSource> jwks;

    /** @param jwks null when no JWKS is configured */
    public KeyRing(Map<String, PublicKey> certificates, JwksSource jwks) {
        this(certificates, jwks == null ? List.of() : List.of(jwks));
    }

    public KeyRing(Map<String, PublicKey> certificates, List<JwksSource> jwks) {
        Map<String, VerificationKey> keys = new LinkedHashMap<>();
        certificates.forEach((kid, key) -> keys.put(kid, new VerificationKey(key, null)));
        this.certificates = Map.copyOf(keys);
        this.jwks = List.copyOf(jwks);
    }

    /** The key of {@code kid}, or null when no source knows it. */
    public VerificationKey key(String kid) {
        VerificationKey k = certificates.get(kid);
        for (int i = 0; k == null && i < jwks.size(); i++) {
            k = jwks.get(i).key(kid);
        }
        return k;
    }

    /**
     * The key a token without kid names by its certificate thumbprint {@code x5t} (AD FS does): a kid
     * equal to it (Entra ID and AD FS publish kid = x5t), else a JWKS key with that {@code x5t}; or null.
     */
    public VerificationKey keyByThumbprint(String x5t) {
        VerificationKey k = key(x5t);
        for (int i = 0; k == null && i < jwks.size(); i++) {
            k = jwks.get(i).keyByThumbprint(x5t);
        }
        return k;
    }

    /**
     * The key for a token that names none: the one key of all sources that may verify {@code alg}
     * (a provider with a single signing key, such as an Auth0 tenant, may leave the kid out); null when
     * there is none or more than one, since guessing among several keys is not verification.
     */
    public VerificationKey soleKey(String alg) {
        List<VerificationKey> all = new ArrayList<>(certificates.values());
        jwks.forEach(source -> all.addAll(source.all()));
        VerificationKey found = null;
        for (VerificationKey k : all) {
            if (k.fits(alg)) {
                if (found != null) {
                    return null;
                }
                found = k;
            }
        }
        return found;
    }

    /**
     * Asks every JWKS for new keys (a rotation); null when there is none or each fetched less than its
     * refresh interval ago. The future completes normally (success or not) within the JWKS timeout.
     */
    public CompletableFuture<Void> refresh() {
        CompletableFuture<?>[] running = jwks.stream().map(JwksSource::refresh).filter(Objects::nonNull)
                .toArray(CompletableFuture[]::new);
        return running.length == 0 ? null : CompletableFuture.allOf(running);
    }

    @Override
    public String toString() {
        return "kids " + certificates.keySet() + (jwks.isEmpty() ? "" : " + " + jwks);
    }
}
