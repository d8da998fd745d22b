package io.lumen.config;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.crypto.Cipher;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Decrypts light-4j's encrypted config values ({@code CRYPT:...}) with light-4j's documented scheme, so a
 * folder that ran on light-4j starts with the same master password. The forms, by the number of parts:
 * <ul>
 *   <li>{@code CRYPT:salt:iv:data} (light-4j 2.3.x and later): AES-256-GCM, 128-bit tag, key from
 *       PBKDF2-HMAC-SHA256 (65536 rounds) over the password and the hex salt;</li>
 *   <li>{@code CRYPT:salt:data} (2.2.x to 2.3.x): the same key, AES-CBC with PKCS#5 padding and a zero IV;</li>
 *   <li>{@code CRYPT:base64} (until 2.1.x): AES-128-CBC, key from PBKDF2-HMAC-SHA1 (65536 rounds) over an
 *       all-zero 8-byte salt, the IV the first 16 bytes of the decoded data.</li>
 * </ul>
 * The password comes from config.yml's {@code decryptorClass} as light-4j took it ({@link Light4jPassword}).
 * Derived keys are cached per salt: a folder usually has one salt, and each derivation costs tens of milliseconds.
 */
final class Light4jDecryptor {
    /** Why a value could not be decrypted; the caller puts it at the value's file, line and key. */
    static final class Failure extends Exception {
        Failure(String problem) {
            super(problem, null, false, false);
        }
    }

    private static final Logger LOG = LoggerFactory.getLogger(Light4jDecryptor.class);
    private static final String PREFIX = "CRYPT:";
    private static final int ROUNDS = 65536;

    private final Supplier<Light4jPassword> password;
    private volatile Light4jPassword resolved;
    private final Map<String, SecretKeySpec> keys = new ConcurrentHashMap<>();

    /** @param password how to find the master password; asked once, at the first encrypted value */
    Light4jDecryptor(Supplier<Light4jPassword> password) {
        this.password = password;
    }

    static boolean isEncrypted(Object value) {
        return value instanceof String s && s.startsWith(PREFIX);
    }

    /** The plain text of {@code value} ({@code CRYPT:...}). */
    String decrypt(String value) throws Failure {
        Light4jPassword source = source();
        String[] parts = value.substring(PREFIX.length()).split(":", -1);
        if (source.dummy()) { // light-4j's DummyDecryptor: CRYPT:text is text
            if (parts.length != 1) {
                throw new Failure("is not CRYPT:text, the only form of " + source.from());
            }
            return parts[0];
        }
        char[] master = source.password();
        try {
            byte[] plain = switch (parts.length) {
                case 3 -> gcm(master, hex(parts[0], "salt"), hex(parts[1], "iv"), hex(parts[2], "data"));
                case 2 -> cbcZeroIv(master, hex(parts[0], "salt"), hex(parts[1], "data"));
                case 1 -> legacy(master, base64(parts[0]));
                default -> throw new Failure("is not one of light-4j's forms: " + forms());
            };
            return new String(plain, StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new Failure("cannot be decrypted with the master password " + source.from()
                    + ": the password is not the one it was encrypted with, or the value is damaged");
        }
    }

    private Light4jPassword source() throws Failure {
        Light4jPassword p = resolved;
        if (p == null) {
            p = password.get();
            resolved = p;
            if (p.problem() == null && p.fixed()) {
                LOG.warn("CRYPT: values are decrypted with light-4j's built-in password 'light' ({}): anyone can read"
                        + " them; use AutoAESSaltDecryptor and LIGHT_4J_CONFIG_PASSWORD", p.from());
            }
        }
        if (p.problem() != null) {
            throw new Failure(p.problem());
        }
        return p;
    }

    private byte[] gcm(char[] master, byte[] salt, byte[] iv, byte[] data) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.DECRYPT_MODE, key(master, salt, "PBKDF2WithHmacSHA256", 256), new GCMParameterSpec(128, iv));
        return cipher.doFinal(data);
    }

    private byte[] cbcZeroIv(char[] master, byte[] salt, byte[] data) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/CBC/PKCS5Padding");
        cipher.init(Cipher.DECRYPT_MODE, key(master, salt, "PBKDF2WithHmacSHA256", 256), new IvParameterSpec(new byte[16]));
        return cipher.doFinal(data);
    }

    private byte[] legacy(char[] master, byte[] data) throws GeneralSecurityException, Failure {
        if (data.length <= 16) {
            throw new Failure("is not one of light-4j's forms (too short): " + forms());
        }
        Cipher cipher = Cipher.getInstance("AES/CBC/PKCS5Padding");
        cipher.init(Cipher.DECRYPT_MODE, key(master, new byte[8], "PBKDF2WithHmacSHA1", 128),
                new IvParameterSpec(Arrays.copyOf(data, 16)));
        return cipher.doFinal(data, 16, data.length - 16);
    }

    private SecretKeySpec key(char[] master, byte[] salt, String kdf, int bits) throws GeneralSecurityException {
        String cacheKey = kdf + ':' + HexFormat.of().formatHex(salt);
        SecretKeySpec key = keys.get(cacheKey);
        if (key == null) {
            byte[] derived = SecretKeyFactory.getInstance(kdf).generateSecret(new PBEKeySpec(master, salt, ROUNDS, bits)).getEncoded();
            key = new SecretKeySpec(derived, "AES");
            keys.putIfAbsent(cacheKey, key);
        }
        return key;
    }

    private static byte[] hex(String text, String part) throws Failure {
        try {
            if (text.isEmpty()) {
                throw new IllegalArgumentException();
            }
            return HexFormat.of().parseHex(text);
        } catch (IllegalArgumentException e) {
            throw new Failure("is not one of light-4j's forms (its " + part + " is not hex): " + forms());
        }
    }

    private static byte[] base64(String text) throws Failure {
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new Failure("is not one of light-4j's forms (not Base64): " + forms());
        }
    }

    private static String forms() {
        return "CRYPT:salt:iv:data, CRYPT:salt:data (hex) or CRYPT:base64";
    }
}
