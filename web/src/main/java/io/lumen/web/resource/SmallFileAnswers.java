package io.lumen.web.resource;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.DateUtils;
import io.undertow.util.ETagUtils;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import io.undertow.util.StatusCodes;

/**
 * Answers a request from a file kept in memory ({@link SmallFiles}) with what Undertow's resource
 * handler would have answered for it: the same preconditions (412 for {@code If-Match} /
 * {@code If-Unmodified-Since}, 304 for {@code If-None-Match} / {@code If-Modified-Since}) and headers.
 * Ranges are left to the resource handler.
 */
final class SmallFileAnswers {
    private SmallFileAnswers() {
    }

    /** Whether the request may be answered from memory: a GET or HEAD for a file name, no range. */
    static boolean applies(HttpServerExchange exchange, String path) {
        return (exchange.getRequestMethod().equals(Methods.GET) || exchange.getRequestMethod().equals(Methods.HEAD))
                && !path.endsWith("/") && !exchange.getRequestHeaders().contains(Headers.RANGE);
    }

    static void send(HttpServerExchange exchange, SmallFiles.Entry file) {
        if (!ETagUtils.handleIfMatch(exchange, file.etag(), false)
                || !DateUtils.handleIfUnmodifiedSince(exchange, file.lastModified())) {
            exchange.setStatusCode(StatusCodes.PRECONDITION_FAILED);
            exchange.endExchange();
            return;
        }
        if (!ETagUtils.handleIfNoneMatch(exchange, file.etag(), true)
                || !DateUtils.handleIfModifiedSince(exchange, file.lastModified())) {
            exchange.setStatusCode(StatusCodes.NOT_MODIFIED);
            exchange.endExchange();
            return;
        }
        HeaderMap headers = exchange.getResponseHeaders();
        headers.put(Headers.CONTENT_LENGTH, file.length());
        if (file.ranges()) {
            headers.put(Headers.ACCEPT_RANGES, "bytes");
        }
        if (!headers.contains(Headers.CONTENT_TYPE)) {
            headers.put(Headers.CONTENT_TYPE, file.contentType());
        }
        if (file.lastModifiedText() != null) {
            headers.put(Headers.LAST_MODIFIED, file.lastModifiedText());
        }
        if (file.etagText() != null) {
            headers.put(Headers.ETAG, file.etagText());
        }
        if (exchange.getRequestMethod().equals(Methods.HEAD)) {
            exchange.endExchange();
        } else {
            exchange.getResponseSender().send(file.body().duplicate());
        }
    }
}
