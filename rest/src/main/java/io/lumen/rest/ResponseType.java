package io.lumen.rest;

import com.fasterxml.jackson.core.type.TypeReference;

/**
 * One documented response of an operation, as the generator saw it in the spec.
 *
 * @param statusKey the key under {@code responses}: {@code 200}, {@code 4XX} or {@code default}
 * @param mediaType the media type written, e.g. {@code application/json}; null when the response has no content
 * @param kind      how the body is written
 * @param type      the body's Java type, for JSON; null otherwise
 */
public record ResponseType(String statusKey, String mediaType, Kind kind, TypeReference<?> type) {

    /** How a body is written. */
    public enum Kind {
        /** No content. */
        NONE,
        /** JSON with a writer for {@link ResponseType#type()}. */
        JSON,
        /** A {@code String} as UTF-8. */
        TEXT,
        /** A {@code byte[]} as is. */
        BYTES
    }

    /** A JSON response. */
    public static ResponseType json(String statusKey, String mediaType, TypeReference<?> type) {
        return new ResponseType(statusKey, mediaType, Kind.JSON, type);
    }

    /** A response without content. */
    public static ResponseType empty(String statusKey) {
        return new ResponseType(statusKey, null, Kind.NONE, null);
    }

    /** A text response ({@code String} body). */
    public static ResponseType text(String statusKey, String mediaType) {
        return new ResponseType(statusKey, mediaType, Kind.TEXT, null);
    }

    /** A binary response ({@code byte[]} body). */
    public static ResponseType bytes(String statusKey, String mediaType) {
        return new ResponseType(statusKey, mediaType, Kind.BYTES, null);
    }
}
