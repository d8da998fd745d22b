package io.lumen.web.encode;

import io.lumen.http.MediaTypeSet;
import io.lumen.http.RequestShape;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;

import java.util.Locale;

/**
 * Which responses the {@code encode} middleware may compress, decided when the response starts:
 * a configured media type, no {@code Content-Encoding} yet (a proxied body already compressed passes
 * through as it is), not a part of a range ({@code 206}, {@code Content-Range}: the range was cut
 * from the identity bytes), a status with a body, no {@code Cache-Control: no-transform}, and a
 * length unknown or at least the minimum. Immutable.
 */
final class Compressible {
    private final MediaTypeSet mediaTypes;
    private final long minimumSize;

    Compressible(MediaTypeSet mediaTypes, long minimumSize) {
        this.mediaTypes = mediaTypes;
        this.minimumSize = minimumSize;
    }

    boolean test(HttpServerExchange exchange) {
        int status = exchange.getStatusCode();
        if (status < 200 || status == 204 || status == 206 || status == 304) {
            return false;
        }
        HeaderMap headers = exchange.getResponseHeaders();
        if (headers.contains(Headers.CONTENT_ENCODING) || headers.contains(Headers.CONTENT_RANGE)) {
            return false;
        }
        String type = headers.getFirst(Headers.CONTENT_TYPE);
        if (type == null || !mediaTypes.matches(RequestShape.mediaType(type))) {
            return false;
        }
        String cacheControl = headers.getFirst(Headers.CACHE_CONTROL);
        if (cacheControl != null && cacheControl.toLowerCase(Locale.ROOT).contains("no-transform")) {
            return false;
        }
        long length = exchange.getResponseContentLength();
        return length < 0 || length >= minimumSize;
    }
}
