package io.lumen.web.resource;

/**
 * Refuses request paths that could leave a served folder or that no file name needs, before any file
 * is looked up: a {@code .} or {@code ..} segment (also when it arrived encoded, {@code %2e%2e}: the
 * path checked is the decoded one), an empty segment ({@code //}), a backslash, NUL or another
 * control character. Undertow's resource managers canonicalize as well; this makes the rule Lumen's
 * own, the same for folders and the classpath, and answered with a clear 400.
 */
final class PathGuard {
    private PathGuard() {
    }

    /** Whether {@code path} (decoded, starting with {@code /}) must be refused. */
    static boolean hostile(String path) {
        if (path.isEmpty() || path.charAt(0) != '/') {
            return true;
        }
        int segmentStart = 1;
        for (int i = 1; i <= path.length(); i++) {
            char c = i < path.length() ? path.charAt(i) : '/';
            if (c < 0x20 || c == 0x7f || c == '\\') {
                return true;
            }
            if (c == '/') {
                int length = i - segmentStart;
                boolean last = i == path.length();
                if (length == 0 && !last) {
                    return true; // "//"; a trailing "/" (a directory) is fine
                }
                if (length == 1 && path.charAt(segmentStart) == '.'
                        || length == 2 && path.charAt(segmentStart) == '.' && path.charAt(segmentStart + 1) == '.') {
                    return true;
                }
                segmentStart = i + 1;
            }
        }
        return false;
    }
}
