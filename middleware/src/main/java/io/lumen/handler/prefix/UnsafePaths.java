package io.lumen.handler.prefix;

/**
 * The one check of decoded request paths that could leave what a prefix stands for, shared by the
 * {@code static} handler (a served folder) and the {@code gateway} (an upstream service): a
 * {@code .} or {@code ..} segment (also when it arrived encoded, {@code %2e%2e}: the path checked is
 * the decoded one), an empty segment ({@code //}; a trailing {@code /} is fine), a backslash, NUL or
 * another control character. Path parameters ({@code /cars;color=red}, {@code ;jsessionid=}) are not
 * in the path checked: Undertow takes them off the request path (a file is looked up without them; the
 * gateway forwards the raw path with them, as light-4j does). A {@code ;} left in the decoded path came
 * from {@code %3B} or a {@code .}/{@code ..} segment with parameters, which Undertow keeps; for an
 * upstream, which may normalise the path again (Tomcat reads {@code /..;/} as {@code /../}), it is
 * refused, as is anything still percent-encoded after decoding that would decode to one of those
 * ({@code %2e}, {@code %2f}, {@code %5c}, {@code %00}, {@code %3b}: encoded twice, or an encoded slash
 * Undertow leaves alone).
 * A scan of the path's characters; no allocation.
 */
public final class UnsafePaths {
    private UnsafePaths() {
    }

    /**
     * What is wrong with the decoded request path {@code path}, or null when it is safe.
     *
     * @param forUpstream also refuse {@code ;} and encoded specials (a path forwarded to another server)
     */
    public static String problem(String path, boolean forUpstream) {
        int n = path.length();
        if (n == 0 || path.charAt(0) != '/') {
            return "the path must start with /";
        }
        int segmentStart = 1;
        for (int i = 1; i <= n; i++) {
            char c = i < n ? path.charAt(i) : '/';
            if (c == '/') {
                int len = i - segmentStart;
                if (len == 0 && i < n) {
                    return "an empty path segment (//)";
                }
                if (len == 1 && path.charAt(segmentStart) == '.' || len == 2 && path.charAt(segmentStart) == '.'
                        && path.charAt(segmentStart + 1) == '.') {
                    return "a . or .. segment";
                }
                segmentStart = i + 1;
            } else if (c == '\\' || c < 0x20 || c == 0x7f) {
                return "a backslash, NUL or another control character in the path";
            } else if (forUpstream && c == ';') {
                return "a ; that is not a path parameter (an encoded %3B, or a . or .. segment with parameters)";
            } else if (forUpstream && c == '%' && encodesSpecial(path, i)) {
                return "a percent-encoded . / \\ ; or NUL after decoding";
            }
        }
        return null;
    }

    private static boolean encodesSpecial(String path, int at) {
        if (at + 2 >= path.length()) {
            return false;
        }
        char hi = path.charAt(at + 1);
        char lo = Character.toLowerCase(path.charAt(at + 2));
        return hi == '2' && (lo == 'e' || lo == 'f') || hi == '5' && lo == 'c' || hi == '0' && lo == '0'
                || hi == '3' && lo == 'b';
    }
}
