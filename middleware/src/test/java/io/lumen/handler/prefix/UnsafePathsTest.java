package io.lumen.handler.prefix;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The two strengths of the one path check: a served folder's, and an upstream's (which adds ; and encoded specials). */
class UnsafePathsTest {
    @Test
    void pathsUnsafeEverywhere() {
        for (String p : List.of("", "app", "/app/../etc", "/app/./x", "/..", "/app//x", "/app\\x", "/a\u0000b", "/a\tb", "/a\u007fb")) {
            assertNotNull(UnsafePaths.problem(p, false), p);
            assertNotNull(UnsafePaths.problem(p, true), p);
        }
    }

    @Test
    void semicolonsAndEncodedSpecialsOnlyMatterUpstream() {
        for (String p : List.of("/api/..;/admin", "/a;b", "/api/%2e%2e/admin", "/a%2fb", "/a%5Cb", "/a%00b", "/a%3bb")) {
            assertNull(UnsafePaths.problem(p, false), p);
            assertNotNull(UnsafePaths.problem(p, true), p);
        }
    }

    @Test
    void ordinaryPathsPass() {
        for (String p : List.of("/", "/app", "/app/", "/app/docs/index.html", "/a.b/c..d/.hidden", "/a%20b", "/%")) {
            assertNull(UnsafePaths.problem(p, false), p);
            assertNull(UnsafePaths.problem(p, true), p);
        }
    }
}
