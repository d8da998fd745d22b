package io.lumen.http;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a named cookie from a request's {@code Cookie} lines (RFC 6265 5.4: {@code name=value} pairs separated
 * by {@code ;}), for the validator's cookie parameters and API keys sent in a cookie. Lumen's own reader, not
 * Undertow's: that one throws on a {@code $}-name with an empty value ({@code Cookie: $Path=}), which made a
 * request a 500.
 */
public final class CookieHeader {
    private CookieHeader() {
    }

    /** Every value of the cookie {@code name}, in order, a double-quoted value without its quotes; empty when none. */
    public static List<String> values(Iterable<String> lines, String name) {
        List<String> out = new ArrayList<>(1);
        if (lines == null) {
            return out;
        }
        for (String line : lines) {
            int pos = 0;
            while (pos < line.length()) {
                int semi = line.indexOf(';', pos);
                int end = semi < 0 ? line.length() : semi;
                int eq = line.indexOf('=', pos);
                if (eq > 0 && eq < end && line.substring(pos, eq).trim().equals(name)) {
                    String v = line.substring(eq + 1, end).trim();
                    out.add(v.length() > 1 && v.startsWith("\"") && v.endsWith("\"") ? v.substring(1, v.length() - 1) : v);
                }
                pos = end + 1;
            }
        }
        return out;
    }
}
