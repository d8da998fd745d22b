package io.lumen.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.undertow.util.HeaderMap;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.List;
import java.util.Locale;

/**
 * A complete response: status, headers and the whole body in memory. Immutable once the future
 * completes; safe to read from any thread. Every status (also 4xx and 5xx) is a response, not an error.
 */
public final class Response {
    private static final ObjectMapper DEFAULT_MAPPER = new ObjectMapper();
    private static final byte[] EMPTY = {};

    private final int status;
    private final HeaderMap headers;
    private final byte[] body;
    private final String protocol;

    Response(int status, HeaderMap headers, byte[] body, String protocol) {
        this.status = status;
        this.headers = headers;
        this.body = body == null ? EMPTY : body;
        this.protocol = protocol;
    }

    public int status() {
        return status;
    }

    /** The first value of a header (case-insensitive name), or null. */
    public String header(String name) {
        return headers.getFirst(name);
    }

    /** All values of a header, empty when absent. */
    public List<String> headers(String name) {
        HeaderValues v = headers.get(name);
        return v == null ? List.of() : List.copyOf(v);
    }

    /** The body bytes (not copied: do not modify); empty, never null, when there is no body. */
    public byte[] body() {
        return body;
    }

    /** The body decoded with the charset of Content-Type, UTF-8 when none. */
    public String bodyString() {
        return new String(body, charset());
    }

    /** The body as a Jackson tree. */
    public JsonNode json() {
        return json(DEFAULT_MAPPER);
    }

    public JsonNode json(ObjectMapper mapper) {
        try {
            return mapper.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException("response body is not JSON: " + e.getMessage(), e);
        }
    }

    /** The body bound to {@code type} with a default {@link ObjectMapper}. */
    public <T> T as(Class<T> type) {
        return as(type, DEFAULT_MAPPER);
    }

    public <T> T as(Class<T> type, ObjectMapper mapper) {
        try {
            return mapper.readValue(body, type);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the response body as " + type.getSimpleName() + ": "
                    + e.getMessage(), e);
        }
    }

    /** {@code HTTP/1.1} or {@code HTTP/2.0}. */
    public String protocol() {
        return protocol;
    }

    private Charset charset() {
        String type = headers.getFirst(Headers.CONTENT_TYPE);
        if (type != null) {
            int i = type.toLowerCase(Locale.ROOT).indexOf("charset=");
            if (i >= 0) {
                String name = type.substring(i + 8).trim();
                int end = name.indexOf(';');
                name = (end >= 0 ? name.substring(0, end) : name).replace("\"", "").trim();
                try {
                    return Charset.forName(name);
                } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
                    return StandardCharsets.UTF_8;
                }
            }
        }
        return StandardCharsets.UTF_8;
    }

    @Override
    public String toString() {
        return protocol + " " + status + " (" + body.length + " bytes)";
    }
}
