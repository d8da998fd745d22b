package io.lumen.handler.audit;

/** The two JSON value writers the audit line needs: strings (RFC 8259 escaping) and milliseconds. */
final class Json {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Json() {
    }

    /** Appends {@code s} as a quoted JSON string, escaping quotes, backslashes and control characters. */
    static void string(StringBuilder b, String s) {
        b.append('"');
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\') {
                continue;
            }
            b.append(s, start, i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> b.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
            start = i + 1;
        }
        b.append(s, start, s.length()).append('"');
    }

    /** Appends {@code nanos} as milliseconds with three decimals, e.g. {@code 18.325}. */
    static void millis(StringBuilder b, long nanos) {
        long micros = Math.max(0, nanos) / 1000;
        long frac = micros % 1000;
        b.append(micros / 1000).append('.');
        if (frac < 100) {
            b.append('0');
        }
        if (frac < 10) {
            b.append('0');
        }
        b.append(frac);
    }
}
