package io.lumen.handler.router;

import io.undertow.util.HttpString;
import io.undertow.util.Methods;

import java.util.List;

/**
 * Method names compared as RFC 9110 9.1 says: case-sensitively. Undertow's {@link HttpString}
 * compares case-insensitively (right for header names), so {@code delete} would otherwise reach a
 * DELETE route. Undertow hands its interned constants for the standard methods, so the identity
 * check answers nearly every request.
 */
public final class HttpMethods {
    /**
     * The methods HTTP defines (RFC 9110 and PATCH, RFC 5789), as Undertow's interned constants, in the order
     * OpenTelemetry's semantic conventions list them: the one list of them (handler.yml's {@code method}, tracing).
     */
    public static final List<HttpString> STANDARD = List.of(Methods.GET, Methods.HEAD, Methods.POST, Methods.PUT,
            Methods.DELETE, Methods.CONNECT, Methods.OPTIONS, Methods.TRACE, Methods.PATCH);

    private HttpMethods() {
    }

    /** True when {@code a} and {@code b} are the same method name, letter case included. */
    public static boolean same(HttpString a, HttpString b) {
        return a == b || (a.length() == b.length() && a.toString().equals(b.toString()));
    }
}
