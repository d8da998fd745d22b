package io.lumen.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes the {@link ApiResponse}s of one operation: the documented response of the status (exact
 * code, else its {@code nXX} range, else {@code default}) decides the media type and the JSON
 * writer, both prepared at startup. A status the spec does not document is written as plain JSON.
 */
final class ResponseWriter {
    private final int[] codes;
    private final Entry[] exact;
    private final Entry[] ranges = new Entry[6];
    private final Entry fallback;

    private record Entry(ResponseType type, String contentType, ObjectWriter writer) {
    }

    ResponseWriter(ObjectMapper json, List<ResponseType> responses) {
        int n = 0;
        for (ResponseType r : responses) {
            if (r.statusKey().chars().allMatch(Character::isDigit)) {
                n++;
            }
        }
        codes = new int[n];
        exact = new Entry[n];
        Entry dflt = null;
        int i = 0;
        for (ResponseType r : responses) {
            Entry e = new Entry(r, contentType(r), r.kind() == ResponseType.Kind.JSON && r.type() != null
                    ? json.writerFor(json.getTypeFactory().constructType(r.type())) : json.writer());
            String key = r.statusKey();
            if (key.chars().allMatch(Character::isDigit)) {
                codes[i] = Integer.parseInt(key);
                exact[i++] = e;
            } else if (key.length() == 3 && key.endsWith("XX") && key.charAt(0) >= '1' && key.charAt(0) <= '5') {
                ranges[key.charAt(0) - '0'] = e;
            } else if (key.equals("default")) {
                dflt = e;
            }
        }
        fallback = dflt != null ? dflt : new Entry(ResponseType.json("default", "application/json", null),
                "application/json", json.writer());
    }

    private static String contentType(ResponseType r) {
        String mt = r.mediaType();
        if (mt == null) {
            return null;
        }
        if (!mt.contains("*")) {
            return mt;
        }
        return r.kind() == ResponseType.Kind.JSON ? "application/json"
                : r.kind() == ResponseType.Kind.TEXT ? "text/plain" : "application/octet-stream";
    }

    private Entry entry(int status) {
        for (int i = 0; i < codes.length; i++) {
            if (codes[i] == status) {
                return exact[i];
            }
        }
        int range = status / 100;
        if (range >= 1 && range <= 5 && ranges[range] != null) {
            return ranges[range];
        }
        return fallback;
    }

    void write(HttpServerExchange exchange, ApiResponse response) throws Exception {
        Entry e = entry(response.status());
        exchange.setStatusCode(response.status());
        Object body = response.body();
        if (body == null || e.contentType == null) {
            exchange.setResponseContentLength(0);
            exchange.endExchange();
            return;
        }
        ByteBuffer bytes = switch (e.type.kind()) {
            case TEXT -> ByteBuffer.wrap(body.toString().getBytes(StandardCharsets.UTF_8));
            case BYTES -> ByteBuffer.wrap((byte[]) body);
            case JSON, NONE -> body instanceof PreEncodedJson p ? p.json() : ByteBuffer.wrap(e.writer.writeValueAsBytes(body));
        };
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, e.contentType);
        exchange.getResponseSender().send(bytes);
    }
}
