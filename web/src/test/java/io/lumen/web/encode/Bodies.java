package io.lumen.web.encode;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Deque;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Answers a body shaped by the query: {@code size} bytes of JSON-like text, {@code type}, {@code status},
 * and response headers {@code etag}, {@code cacheControl}, {@code contentRange}; {@code gzipped=true}
 * sends the body already gzip-compressed with {@code Content-Encoding: gzip} (as an upstream would).
 */
public final class Bodies implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        Map<String, Deque<String>> q = exchange.getQueryParameters();
        int size = Integer.parseInt(param(q, "size", "4096"));
        byte[] body = text(size);
        exchange.setStatusCode(Integer.parseInt(param(q, "status", "200")));
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, param(q, "type", "application/json"));
        header(exchange, q, "etag", Headers.ETAG);
        header(exchange, q, "cacheControl", Headers.CACHE_CONTROL);
        header(exchange, q, "contentRange", Headers.CONTENT_RANGE);
        if (param(q, "gzipped", "false").equals("true")) {
            body = gzip(body);
            exchange.getResponseHeaders().put(Headers.CONTENT_ENCODING, "gzip");
        }
        exchange.getResponseSender().send(ByteBuffer.wrap(body));
    }

    /** {@code size} bytes of repetitive JSON-like text (compresses well, as real JSON does). */
    public static byte[] text(int size) {
        StringBuilder b = new StringBuilder(size + 64);
        int i = 0;
        while (b.length() < size) {
            b.append("{\"id\":").append(i++).append(",\"name\":\"pet\"},");
        }
        return b.substring(0, size).getBytes(StandardCharsets.US_ASCII);
    }

    public static byte[] gzip(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static void header(HttpServerExchange exchange, Map<String, Deque<String>> q, String name, HttpString header) {
        String v = param(q, name, null);
        if (v != null) {
            exchange.getResponseHeaders().put(header, v);
        }
    }

    private static String param(Map<String, Deque<String>> q, String name, String otherwise) {
        Deque<String> d = q.get(name);
        return d == null || d.isEmpty() ? otherwise : d.getFirst();
    }
}
