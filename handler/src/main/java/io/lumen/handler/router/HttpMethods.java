package io.lumen.handler.router;

import io.undertow.util.HttpString;

/**
 * Method names compared as RFC 9110 9.1 says: case-sensitively. Undertow's {@link HttpString}
 * compares case-insensitively (right for header names), so {@code delete} would otherwise reach a
 * DELETE route. Undertow hands its interned constants for the standard methods, so the identity
 * check answers nearly every request.
 */
public final class HttpMethods {
    private HttpMethods() {
    }

    /** True when {@code a} and {@code b} are the same method name, letter case included. */
    public static boolean same(HttpString a, HttpString b) {
        return a == b || (a.length() == b.length() && a.toString().equals(b.toString()));
    }
}
