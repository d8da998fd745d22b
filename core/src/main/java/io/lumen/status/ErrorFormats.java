package io.lumen.status;

import io.undertow.server.HttpServerExchange;

/**
 * Chooses the {@link ErrorFormat} of one answer: registered once at startup on the
 * {@link ErrorResponder} (by the validator module, from the service's OpenAPI spec) and asked only
 * when an error is written, so a service whose spec declares nothing pays nothing per request.
 */
@FunctionalInterface
public interface ErrorFormats {
    /** The format for an answer of {@code statusCode} to this exchange; null for Lumen's error JSON. */
    ErrorFormat select(HttpServerExchange exchange, int statusCode);
}
