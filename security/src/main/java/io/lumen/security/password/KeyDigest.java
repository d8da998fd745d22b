package io.lumen.security.password;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * The stored form of an API key: {@code sha256:<64 hex digits>}. API keys are long random strings,
 * so a fast digest is enough (a slow password hash would cost every request); a leaked config does
 * not reveal the keys. Stateless.
 */
public final class KeyDigest {
    private static final String PREFIX = "sha256:";

    private KeyDigest() {
    }

    /**
     * The digest bytes of a stored key.
     *
     * @throws IllegalArgumentException when {@code stored} is not {@code sha256:<hex>} (a plain key is refused)
     */
    public static byte[] parse(String stored) {
        String s = stored == null ? "" : stored.trim().toLowerCase(Locale.ROOT);
        if (!s.startsWith(PREFIX) || !s.substring(PREFIX.length()).matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("an API key is stored as sha256:<64 hex digits>, never as itself "
                    + "(make one with: java -cp lumen-security.jar io.lumen.security.password.HashTool apikey)");
        }
        return HexFormat.of().parseHex(s.substring(PREFIX.length()));
    }

    /** The SHA-256 of {@code key} as sent (UTF-8). */
    public static byte[] of(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** Whether {@code digest} is one of {@code stored}; every one is compared, so the time does not say which. */
    public static boolean matchesAny(byte[][] stored, byte[] digest) {
        boolean any = false;
        for (byte[] d : stored) {
            any |= MessageDigest.isEqual(d, digest);
        }
        return any;
    }

    /** The stored form of {@code key}. */
    public static String stored(String key) {
        return PREFIX + HexFormat.of().formatHex(of(key));
    }
}
