package io.lumen.security.basic;

import io.lumen.security.password.PasswordHash;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * Checks {@code Authorization: Basic} credentials against users' password hashes and remembers the
 * ones that passed. Used by the {@code basic} middleware and by the spec's http basic schemes. An
 * unknown user is checked against a decoy hash, so the time does not tell which users exist.
 * Thread-safe.
 */
public final class BasicCredentials {
    /** Checked for an unknown user, so that it costs as much as a known one. */
    private static final PasswordHash DECOY = PasswordHash.parse(PasswordHash.bcrypt("decoy", 10));

    private final Map<String, PasswordHash> hashes;
    private final VerifiedCredentials verified;

    /** @param hashes user name -> stored hash; {@code cacheSize}: verified credentials remembered */
    public BasicCredentials(Map<String, PasswordHash> hashes, int cacheSize) {
        this.hashes = Map.copyOf(hashes);
        this.verified = new VerifiedCredentials(cacheSize);
    }

    /** Whether an {@code Authorization} value offers Basic credentials (scheme case-insensitive). */
    public static boolean offered(String authorization) {
        return authorization != null && authorization.regionMatches(true, 0, "Basic ", 0, 6);
    }

    /** The user of credentials that passed before (one SHA-256 and a map read: fine on the IO thread), or null. */
    public String known(String authorization) {
        return verified.user(VerifiedCredentials.digest(authorization));
    }

    /**
     * The user the Basic credentials belong to, or null: a hash check that takes milliseconds, so
     * never on the IO thread. Successes are remembered for {@link #known}.
     */
    public String verify(String authorization) {
        String user = check(authorization.substring(6).trim());
        if (user != null) {
            verified.remember(VerifiedCredentials.digest(authorization), user);
        }
        return user;
    }

    private String check(String token) {
        byte[] decoded;
        try {
            decoded = Base64.getDecoder().decode(token);
        } catch (IllegalArgumentException e) {
            return null;
        }
        String pair = new String(decoded, StandardCharsets.UTF_8);
        int colon = pair.indexOf(':');
        if (colon <= 0) {
            return null;
        }
        String user = pair.substring(0, colon);
        byte[] password = pair.substring(colon + 1).getBytes(StandardCharsets.UTF_8); // RFC 7617: after the first colon
        PasswordHash hash = hashes.get(user);
        boolean ok = (hash == null ? DECOY : hash).matches(password);
        return ok && hash != null ? user : null;
    }
}
