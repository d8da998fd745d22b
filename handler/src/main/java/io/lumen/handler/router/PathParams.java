package io.lumen.handler.router;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The path parameters of a request matched by a template route, attached to the exchange under
 * {@link #ATTACHMENT_KEY} (also known as {@code HandlerAttachments.PATH_PARAMS}). Values are URL-decoded. A wildcard route also carries the rest of the path under
 * the name {@code *}. Literal routes attach nothing (see {@link #of}).
 */
public final class PathParams {
    /** Where the router attaches the path parameters of a template route; read them through {@link #of}. */
    public static final AttachmentKey<PathParams> ATTACHMENT_KEY = AttachmentKey.create(PathParams.class);

    private static final PathParams NONE = new PathParams(new String[0], new String[0]);

    private final String[] names;
    private final String[] values;

    PathParams(String[] names, String[] values) {
        this.names = names;
        this.values = values;
    }

    /** The parameters of {@code exchange}; empty (never null) for routes without parameters. */
    public static PathParams of(HttpServerExchange exchange) {
        PathParams p = exchange.getAttachment(ATTACHMENT_KEY);
        return p == null ? NONE : p;
    }

    /** The value of {@code name}, or {@code null}. */
    public String get(String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return values[i];
            }
        }
        return null;
    }

    public List<String> names() {
        return List.of(names);
    }

    public Map<String, String> asMap() {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            m.put(names[i], values[i]);
        }
        return m;
    }

    @Override
    public String toString() {
        return asMap().toString();
    }
}
