package io.lumen.security.basic;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Credentials whose hash check succeeded, by the SHA-256 of the {@code Authorization} value (the
 * password itself is not kept), bounded to {@code capacity} entries, least recently used first out.
 * Thread-safe: a short lock per lookup, far cheaper than the hash check it saves.
 */
final class VerifiedCredentials {
    private final int capacity;
    private final Map<String, String> userByDigest;

    VerifiedCredentials(int capacity) {
        this.capacity = capacity;
        this.userByDigest = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
                return size() > VerifiedCredentials.this.capacity;
            }
        };
    }

    static String digest(String authorization) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(authorization.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** The user the credentials with this digest were verified for, or null. */
    synchronized String user(String digest) {
        return capacity == 0 ? null : userByDigest.get(digest);
    }

    synchronized void remember(String digest, String user) {
        if (capacity > 0) {
            userByDigest.put(digest, user);
        }
    }
}
