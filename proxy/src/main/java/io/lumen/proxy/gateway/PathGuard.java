package io.lumen.proxy.gateway;

/**
 * Refuses request paths whose meaning an upstream could read differently from the gateway, so no
 * path matched under one prefix can reach another service's paths once an upstream normalises it:
 * dot segments ({@code /api/../admin}, also percent-encoded: Undertow has decoded {@code %2e%2e}
 * already), empty segments ({@code //}), backslashes, NUL, path parameters ({@code ;}: Tomcat reads
 * {@code /..;/} as {@code /../}), and anything still percent-encoded after decoding that would
 * decode to one of those ({@code %2e}, {@code %2f}, {@code %5c}, {@code %00}, {@code %3b}: encoded
 * twice, or an encoded slash Undertow leaves alone). A scan of the path's characters; no allocation.
 */
final class PathGuard {
    private PathGuard() {
    }

    /** What is wrong with the decoded request path {@code path}, or null when it may be routed. */
    static String problem(String path) {
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
            } else if (c == '\\' || c == '\0' || c == ';') {
                return "a backslash, NUL or ; in the path";
            } else if (c == '%' && encodesSpecial(path, i)) {
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
