package io.lumen.otel;

import io.opentelemetry.semconv.HttpAttributes.HttpRequestMethodValues;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;

import static io.lumen.http.HttpMethods.STANDARD;

/**
 * The request methods the HTTP semantic conventions know, by index, so a route can keep one span
 * name per method and a request finds its own with a few reference comparisons (Undertow hands
 * known methods over as its {@link Methods} constants). Any other method is {@link #OTHER}:
 * attribute {@code _OTHER}, span name prefix {@code HTTP}.
 */
final class HttpMethods {
    static final int OTHER = 9;
    private static final HttpString[] KNOWN = STANDARD.toArray(new HttpString[0]);
    /** {@code http.request.method} by index. */
    static final String[] ATTRIBUTE = {HttpRequestMethodValues.GET, HttpRequestMethodValues.HEAD,
        HttpRequestMethodValues.POST, HttpRequestMethodValues.PUT, HttpRequestMethodValues.DELETE,
        HttpRequestMethodValues.CONNECT, HttpRequestMethodValues.OPTIONS, HttpRequestMethodValues.TRACE,
        HttpRequestMethodValues.PATCH, HttpRequestMethodValues.OTHER};
    /** The method part of a span name by index. */
    static final String[] NAME = names();
    static final int COUNT = NAME.length;

    private HttpMethods() {
    }

    private static String[] names() {
        String[] names = new String[KNOWN.length + 1];
        for (int i = 0; i < KNOWN.length; i++) {
            names[i] = KNOWN[i].toString();
        }
        names[KNOWN.length] = "HTTP";
        return names;
    }

    static int index(HttpString method) {
        for (int i = 0; i < KNOWN.length; i++) {
            if (KNOWN[i] == method) {
                return i;
            }
        }
        for (int i = 0; i < KNOWN.length; i++) { // a method built elsewhere than Undertow's parser
            if (KNOWN[i].equals(method)) {
                return i;
            }
        }
        return OTHER;
    }

    /** One span name per method index: {@code GET /v1/pets/{petId}}, or the method alone without a route. */
    static String[] names(String route) {
        String[] names = new String[COUNT];
        for (int i = 0; i < COUNT; i++) {
            names[i] = route == null ? NAME[i] : NAME[i] + ' ' + route;
        }
        return names;
    }
}
