package io.lumen.rest;

/**
 * A typed answer of an operation: the HTTP status and the body, or {@code null} when the response
 * has no content. Generated per operation as records (one per documented status), so an
 * implementation can only build answers its spec documents (plus {@code default}'s any-status one).
 */
public interface ApiResponse {
    /** The HTTP status code. */
    int status();

    /** The body to write with the media type the spec documents for {@link #status()}; null for none. */
    Object body();
}
