package io.lumen.handler.correlation;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Fast random ids and their validation. Ids identify requests, they are not secrets, so a
 * {@link ThreadLocalRandom} is enough (no {@code SecureRandom} on the IO thread).
 */
final class Ids {
    private static final char[] BASE64URL =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".toCharArray();
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    static final int MAX_CORRELATION_ID = 128;

    private Ids() {
    }

    /** 16 random bytes as 22 characters of URL-safe base64 without padding. */
    static String correlationId() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        long hi = r.nextLong();
        long lo = r.nextLong();
        char[] out = new char[22];
        // 128 bits = 21 groups of 6 bits + 2 bits
        for (int i = 0; i < 10; i++) {
            out[i] = BASE64URL[(int) (hi >>> (58 - 6 * i)) & 63];
        }
        // bits 4..0 of hi (4 bits) and the top 2 bits of lo
        out[10] = BASE64URL[(int) (((hi & 0xF) << 2) | (lo >>> 62))];
        for (int i = 0; i < 10; i++) {
            out[11 + i] = BASE64URL[(int) (lo >>> (56 - 6 * i)) & 63];
        }
        out[21] = BASE64URL[(int) (lo & 0x3) << 4];
        return new String(out);
    }

    /** 1-128 visible ASCII characters (0x21-0x7E). */
    static boolean validCorrelationId(String id) {
        if (id == null || id.isEmpty() || id.length() > MAX_CORRELATION_ID) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c < 0x21 || c > 0x7E) {
                return false;
            }
        }
        return true;
    }

    /** A random, non-zero W3C trace id: 32 lower-case hex characters. */
    static String traceId() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        long hi = r.nextLong();
        long lo = r.nextLong();
        if (hi == 0 && lo == 0) {
            lo = 1;
        }
        char[] out = new char[32];
        hex(hi, out, 0);
        hex(lo, out, 16);
        return new String(out);
    }

    /** A random, non-zero W3C span (parent) id: 16 lower-case hex characters. */
    static String spanId() {
        long id = ThreadLocalRandom.current().nextLong();
        char[] out = new char[16];
        hex(id == 0 ? 1 : id, out, 0);
        return new String(out);
    }

    private static void hex(long v, char[] out, int at) {
        for (int i = 15; i >= 0; i--) {
            out[at + i] = HEX[(int) (v & 0xF)];
            v >>>= 4;
        }
    }

    /**
     * Whether {@code tp} is a usable {@code traceparent}: {@code 00-<32 hex>-<16 hex>-<2 hex>}, lower-case
     * hex, trace id and parent id not all zeros. Other versions than 00 are rejected (version ff is invalid,
     * later ones are not defined yet), so such a request starts a new trace.
     */
    static boolean validTraceparent(String tp) {
        if (tp == null || tp.length() != 55 || tp.charAt(0) != '0' || tp.charAt(1) != '0'
                || tp.charAt(2) != '-' || tp.charAt(35) != '-' || tp.charAt(52) != '-') {
            return false;
        }
        return hexNotZero(tp, 3, 35) && hexNotZero(tp, 36, 52) && isHex(tp.charAt(53)) && isHex(tp.charAt(54));
    }

    private static boolean hexNotZero(String s, int from, int to) {
        boolean nonZero = false;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (!isHex(c)) {
                return false;
            }
            nonZero |= c != '0';
        }
        return nonZero;
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    }
}
