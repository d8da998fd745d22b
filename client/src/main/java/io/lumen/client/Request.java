package io.lumen.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.http.RequestShape;
import io.undertow.client.ClientRequest;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * An immutable HTTP request: method, absolute {@code http}/{@code https} URI, headers, body and an
 * optional per-request timeout. Build it once and send it any number of times, from any thread;
 * everything the client needs per send (origin, path, header names) is computed here, not per send.
 *
 * <pre>{@code
 * Request get = Request.get(URI.create("https://api.example.com/pets?limit=10")).header("Accept", "application/json").build();
 * Request post = Request.post(uri).json(pet).timeout(Duration.ofSeconds(1)).build();
 * }</pre>
 */
public final class Request {
    private static final ObjectMapper DEFAULT_MAPPER = new ObjectMapper();
    private static final HttpString[] NO_NAMES = {};
    private static final String[] NO_VALUES = {};

    private final HttpString method;
    private final URI uri;
    private final String origin;
    private final String authority;
    private final String pathAndQuery;
    private final HttpString[] headerNames;
    private final String[] headerValues;
    private final byte[] body;
    private final long timeoutMs;
    private final boolean idempotent;

    private Request(Builder b) {
        this.method = new HttpString(b.method);
        this.uri = b.uri;
        String scheme = b.uri.getScheme() == null ? "" : b.uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("only http and https URIs are supported, got " + b.uri);
        }
        String host = b.uri.getHost();
        if (host == null) {
            throw new IllegalArgumentException("the URI has no host: " + b.uri);
        }
        int port = b.uri.getPort() == -1 ? (scheme.equals("https") ? 443 : 80) : b.uri.getPort();
        String hostPart = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
        this.origin = scheme + "://" + hostPart + ":" + port;
        this.authority = b.uri.getPort() == -1 ? hostPart : hostPart + ":" + port;
        String path = b.uri.getRawPath() == null || b.uri.getRawPath().isEmpty() ? "/" : b.uri.getRawPath();
        this.pathAndQuery = b.uri.getRawQuery() == null ? path : path + "?" + b.uri.getRawQuery();
        this.headerNames = b.count == 0 ? NO_NAMES : b.hnames.clone();
        this.headerValues = b.count == 0 ? NO_VALUES : Arrays.copyOf(b.values, b.count);
        this.body = b.body;
        this.timeoutMs = b.timeoutMs;
        this.idempotent = RequestShape.idempotent(b.method);
    }

    public static Builder newBuilder(URI uri) {
        return new Builder(uri);
    }

    public static Builder get(URI uri) {
        return new Builder(uri).method("GET");
    }

    public static Builder post(URI uri) {
        return new Builder(uri).method("POST");
    }

    public static Builder put(URI uri) {
        return new Builder(uri).method("PUT");
    }

    public static Builder delete(URI uri) {
        return new Builder(uri).method("DELETE");
    }

    public String method() {
        return method.toString();
    }

    public URI uri() {
        return uri;
    }

    /** {@code scheme://host:port}, the pool key. */
    public String origin() {
        return origin;
    }

    /** The first value of a header set on this request, or null. */
    public String header(String name) {
        for (int i = 0; i < headerNames.length; i++) {
            if (headerNames[i].equalToString(name)) {
                return headerValues[i];
            }
        }
        return null;
    }

    /** The body (not copied: do not modify), or null when there is none. */
    public byte[] body() {
        return body;
    }

    /** The per-request timeout in ms, or 0 for the client's {@code request.timeout}. */
    public long timeoutMs() {
        return timeoutMs;
    }

    /** GET, HEAD, PUT, DELETE, OPTIONS and TRACE: the methods a retry may repeat. */
    public boolean idempotent() {
        return idempotent;
    }

    /** Undertow's request head for this request: method, path and query, Host, its headers, Content-Length of a body. */
    ClientRequest toClientRequest() {
        ClientRequest cr = new ClientRequest().setMethod(method).setPath(pathAndQuery);
        HeaderMap h = cr.getRequestHeaders();
        h.put(Headers.HOST, authority);
        for (int i = 0; i < headerNames.length; i++) {
            h.add(headerNames[i], headerValues[i]);
        }
        if (body != null) {
            h.put(Headers.CONTENT_LENGTH, body.length);
        }
        return cr;
    }

    /** A builder starting from this request. */
    public Builder toBuilder() {
        Builder b = new Builder(uri).method(method.toString());
        for (int i = 0; i < headerNames.length; i++) {
            b.header(headerNames[i].toString(), headerValues[i]);
        }
        b.body = body;
        b.timeoutMs = timeoutMs;
        return b;
    }

    @Override
    public String toString() {
        return method + " " + uri;
    }

    /** Not thread-safe; {@link #build()} may be called more than once. */
    public static final class Builder {
        private final URI uri;
        private String method = "GET";
        private String[] names = new String[0];
        private HttpString[] hnames;
        private String[] values = new String[0];
        private int count;
        private byte[] body;
        private long timeoutMs;

        private Builder(URI uri) {
            this.uri = Objects.requireNonNull(uri, "uri");
        }

        public Builder method(String method) {
            this.method = Objects.requireNonNull(method, "method").toUpperCase(Locale.ROOT);
            return this;
        }

        /** Adds a header (names are case-insensitive; a name may repeat). Host and Content-Length are set by the client. */
        public Builder header(String name, String value) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            if (name.equalsIgnoreCase("Host") || name.equalsIgnoreCase("Content-Length")
                    || name.equalsIgnoreCase("Transfer-Encoding") || name.equalsIgnoreCase("Connection")) {
                throw new IllegalArgumentException(name + " is set by the client");
            }
            if (count == values.length) {
                int n = Math.max(4, count * 2);
                names = Arrays.copyOf(names, n);
                values = Arrays.copyOf(values, n);
                hnames = null;
            }
            names[count] = name;
            values[count] = value;
            count++;
            hnames = null;
            return this;
        }

        /** Sets a header, replacing earlier values of the same name. */
        public Builder setHeader(String name, String value) {
            int w = 0;
            for (int i = 0; i < count; i++) {
                if (!names[i].equalsIgnoreCase(name)) {
                    names[w] = names[i];
                    values[w] = values[i];
                    w++;
                }
            }
            count = w;
            return header(name, value);
        }

        public Builder body(byte[] body) {
            this.body = body == null ? null : body.clone();
            return this;
        }

        /** A UTF-8 body; sets {@code Content-Type: text/plain; charset=utf-8} unless a Content-Type is set. */
        public Builder body(String text) {
            this.body = text.getBytes(StandardCharsets.UTF_8);
            return contentTypeIfAbsent("text/plain; charset=utf-8");
        }

        /** A JSON body written with a default {@link ObjectMapper}; sets {@code Content-Type: application/json}. */
        public Builder json(Object value) {
            return json(value, DEFAULT_MAPPER);
        }

        public Builder json(Object value, ObjectMapper mapper) {
            try {
                this.body = mapper.writeValueAsBytes(value);
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("cannot write the body as JSON: " + e.getOriginalMessage(), e);
            }
            return contentTypeIfAbsent("application/json");
        }

        /** The whole-request timeout for this request (connection wait, send and response); overrides the client's. */
        public Builder timeout(Duration timeout) {
            long ms = timeout.toMillis();
            if (ms <= 0) {
                throw new IllegalArgumentException("timeout must be positive, got " + timeout);
            }
            this.timeoutMs = ms;
            return this;
        }

        private Builder contentTypeIfAbsent(String type) {
            for (int i = 0; i < count; i++) {
                if (names[i].equalsIgnoreCase("Content-Type")) {
                    return this;
                }
            }
            return header("Content-Type", type);
        }

        public Request build() {
            if (hnames == null || hnames.length != count) {
                hnames = new HttpString[count];
                for (int i = 0; i < count; i++) {
                    hnames[i] = HttpString.tryFromString(names[i]);
                }
            }
            return new Request(this);
        }
    }
}
