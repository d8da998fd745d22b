package io.lumen.http;

import io.undertow.util.HttpString;
import io.undertow.util.Methods;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The one list of HTTP methods and of OpenAPI's operation keys, and method names compared as RFC
 * 9110 9.1 says: case-sensitively. Undertow's {@link HttpString} compares case-insensitively (right
 * for header names), so {@code delete} would otherwise reach a DELETE route. Undertow hands its
 * interned constants for the standard methods, so the identity check answers nearly every request.
 */
public final class HttpMethods {
    /**
     * The methods HTTP defines (RFC 9110 and PATCH, RFC 5789), as Undertow's interned constants, in the order
     * OpenTelemetry's semantic conventions list them (handler.yml's {@code method}, tracing).
     */
    public static final List<HttpString> STANDARD = List.of(Methods.GET, Methods.HEAD, Methods.POST, Methods.PUT,
            Methods.DELETE, Methods.CONNECT, Methods.OPTIONS, Methods.TRACE, Methods.PATCH);

    /**
     * The keys of an OpenAPI path item that hold an operation: every standard method but CONNECT, in lower
     * case, in the order the OpenAPI specification lists them (the order a spec's operations are read in).
     */
    public static final List<String> PATH_ITEM_KEYS = keys(Methods.GET, Methods.PUT, Methods.POST, Methods.DELETE,
            Methods.OPTIONS, Methods.HEAD, Methods.PATCH, Methods.TRACE);

    private HttpMethods() {
    }

    /** True when {@code a} and {@code b} are the same method name, letter case included. */
    public static boolean same(HttpString a, HttpString b) {
        return a == b || (a.length() == b.length() && a.toString().equals(b.toString()));
    }

    /**
     * Adds what a path that routes {@code methods} answers in {@code Allow}: each of them, HEAD where there
     * is GET (HEAD is served by the GET route), and OPTIONS (the router answers it).
     */
    public static void allowed(HttpString[] methods, Set<String> into) {
        for (HttpString m : methods) {
            into.add(m.toString());
            if (m.equals(Methods.GET)) {
                into.add(Methods.HEAD_STRING);
            }
        }
        into.add(Methods.OPTIONS_STRING);
    }

    private static List<String> keys(HttpString... methods) {
        return Arrays.stream(methods).map(m -> m.toString().toLowerCase(Locale.ROOT)).toList();
    }
}
