package io.lumen.security.password;

import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.generators.OpenBSDBCrypt;
import org.bouncycastle.crypto.params.Argon2Parameters;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stored password hash, parsed once at startup: bcrypt (OpenBSD form, cost 4-31) or argon2 (PHC
 * string; argon2id, argon2i or argon2d, version 19). {@link #matches} costs what the hash was made to
 * cost (bcrypt cost 10: tens of milliseconds), so callers run it off the IO thread and remember
 * successes. Immutable and thread-safe.
 */
public final class PasswordHash {
    private static final Pattern BCRYPT = Pattern.compile("^\\$2[aby]\\$(\\d\\d)\\$[./A-Za-z0-9]{53}$");
    private static final Pattern ARGON2 = Pattern.compile(
            "^\\$argon2(id|i|d)\\$v=(\\d+)\\$m=(\\d+),t=(\\d+),p=(\\d+)\\$([A-Za-z0-9+/]+)\\$([A-Za-z0-9+/]+)$");

    private final String text;
    private final Argon2Parameters argon2; // null for bcrypt
    private final byte[] argon2Hash;

    private PasswordHash(String text, Argon2Parameters argon2, byte[] argon2Hash) {
        this.text = text;
        this.argon2 = argon2;
        this.argon2Hash = argon2Hash;
    }

    /**
     * Parses a stored hash.
     *
     * @throws IllegalArgumentException when {@code text} is neither a bcrypt nor an argon2 hash (a plain
     *                                  password is refused: the message says how to hash it)
     */
    public static PasswordHash parse(String text) {
        String t = text == null ? "" : text.trim();
        Matcher b = BCRYPT.matcher(t);
        if (b.matches()) {
            int cost = Integer.parseInt(b.group(1));
            if (cost < 4 || cost > 31) {
                throw new IllegalArgumentException("a bcrypt cost must be 4-31, got " + cost);
            }
            return new PasswordHash(t, null, null);
        }
        Matcher a = ARGON2.matcher(t);
        if (a.matches()) {
            int type = switch (a.group(1)) {
                case "id" -> Argon2Parameters.ARGON2_id;
                case "i" -> Argon2Parameters.ARGON2_i;
                default -> Argon2Parameters.ARGON2_d;
            };
            if (!a.group(2).equals("19")) {
                throw new IllegalArgumentException("only argon2 version 19 (v=19) is supported, got v=" + a.group(2));
            }
            int memory = Integer.parseInt(a.group(3));
            int iterations = Integer.parseInt(a.group(4));
            int parallelism = Integer.parseInt(a.group(5));
            if (memory < 8 * parallelism || memory > 4 * 1024 * 1024 || iterations < 1 || iterations > 100
                    || parallelism < 1 || parallelism > 64) {
                throw new IllegalArgumentException("argon2 parameters out of range (m 8*p..4194304 KiB, t 1..100, p 1..64)");
            }
            byte[] salt = Base64.getDecoder().decode(pad(a.group(6)));
            byte[] hash = Base64.getDecoder().decode(pad(a.group(7)));
            Argon2Parameters p = new Argon2Parameters.Builder(type).withVersion(Argon2Parameters.ARGON2_VERSION_13)
                    .withMemoryAsKB(memory).withIterations(iterations).withParallelism(parallelism).withSalt(salt).build();
            return new PasswordHash(t, p, hash);
        }
        throw new IllegalArgumentException("not a bcrypt ($2b$...) or argon2 ($argon2id$...) hash; store hashes, never "
                + "passwords (make one with: java -cp lumen-security.jar io.lumen.security.password.HashTool bcrypt)");
    }

    /** Whether {@code password} is the one this hash was made from. */
    public boolean matches(byte[] password) {
        if (argon2 == null) {
            return OpenBSDBCrypt.checkPassword(text, password);
        }
        Argon2BytesGenerator g = new Argon2BytesGenerator();
        g.init(argon2);
        byte[] out = new byte[argon2Hash.length];
        g.generateBytes(password, out);
        return MessageDigest.isEqual(out, argon2Hash);
    }

    /** A new bcrypt hash of {@code password} with a random salt. */
    public static String bcrypt(String password, int cost) {
        byte[] salt = new byte[16];
        new SecureRandom().nextBytes(salt);
        return OpenBSDBCrypt.generate("2b", password.getBytes(StandardCharsets.UTF_8), salt, cost);
    }

    private static String pad(String b64) {
        return b64 + "===".substring(0, (4 - b64.length() % 4) % 4);
    }

    @Override
    public String toString() {
        return argon2 == null ? "bcrypt" : "argon2"; // never the hash
    }
}
