package io.lumen.codegen.operation;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.openapi.Parameter;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Writes a parameter value the way its {@code style} and {@code explode} say, for the requests of
 * generated tests: path segments and query pairs percent-encoded, header and cookie values as text.
 */
final class ParamSerializer {
    private ParamSerializer() {
    }

    /** The path segment text for a path parameter (encoded). */
    static String path(Parameter p, JsonNode v) {
        return switch (p.style()) {
            case LABEL -> "." + join(v, p.explode() ? "." : ",", p.explode(), true);
            case MATRIX -> matrix(p, v);
            default -> join(v, ",", p.explode(), true);
        };
    }

    private static String matrix(Parameter p, JsonNode v) {
        String name = enc(p.name());
        if (v.isArray() && p.explode()) {
            StringBuilder b = new StringBuilder();
            v.forEach(x -> b.append(';').append(name).append('=').append(enc(text(x))));
            return b.toString();
        }
        if (v.isObject() && p.explode()) {
            StringBuilder b = new StringBuilder();
            v.properties().forEach(e -> b.append(';').append(enc(e.getKey())).append('=').append(enc(text(e.getValue()))));
            return b.toString();
        }
        return ";" + name + "=" + join(v, ",", false, true);
    }

    /** The {@code name=value} pairs of a query parameter (encoded). */
    static List<String> query(Parameter p, JsonNode v) {
        List<String> pairs = new ArrayList<>();
        String name = enc(p.name());
        switch (p.style()) {
            case DEEP_OBJECT -> v.properties().forEach(e ->
                    pairs.add(name + "%5B" + enc(e.getKey()) + "%5D=" + enc(text(e.getValue()))));
            case SPACE_DELIMITED -> pairs.add(name + "=" + join(v, "%20", false, true));
            case PIPE_DELIMITED -> pairs.add(name + "=" + join(v, "%7C", false, true));
            default -> {
                if (v.isArray() && p.explode()) {
                    v.forEach(x -> pairs.add(name + "=" + enc(text(x))));
                } else if (v.isObject() && p.explode()) {
                    v.properties().forEach(e -> pairs.add(enc(e.getKey()) + "=" + enc(text(e.getValue()))));
                } else {
                    pairs.add(name + "=" + join(v, ",", false, true));
                }
            }
        }
        return pairs;
    }

    /** A header value (simple style). */
    static String header(Parameter p, JsonNode v) {
        return join(v, ",", p.explode(), false);
    }

    /** A cookie pair {@code name=value} (form style). */
    static String cookie(Parameter p, JsonNode v) {
        return p.name() + "=" + join(v, ",", false, false);
    }

    /** Arrays as items joined; objects as key,value (or key=value when exploded); JSON content as JSON. */
    private static String join(JsonNode v, String separator, boolean explodeObject, boolean encode) {
        List<String> parts = new ArrayList<>();
        if (v.isArray()) {
            v.forEach(x -> parts.add(encode ? enc(text(x)) : text(x)));
        } else if (v.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = v.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String k = encode ? enc(e.getKey()) : e.getKey();
                String x = encode ? enc(text(e.getValue())) : text(e.getValue());
                if (explodeObject) {
                    parts.add(k + "=" + x);
                } else {
                    parts.add(k);
                    parts.add(x);
                }
            }
        } else {
            parts.add(encode ? enc(text(v)) : text(v));
        }
        return String.join(separator, parts);
    }

    private static String text(JsonNode v) {
        return v.isValueNode() ? v.asText() : v.toString();
    }

    /**
     * A path template with its literal text made fit for a URI: characters outside RFC 3986's
     * {@code pchar} and '/' ({@code /<upload_url>}, spaces, non-ASCII) percent-encoded as UTF-8; the
     * {@code {name}} placeholders are left for their values.
     */
    static String literalPath(String template) {
        StringBuilder b = new StringBuilder(template.length());
        boolean inName = false;
        for (byte x : template.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (x & 0xff);
            inName = c == '{' || inName && c != '}';
            if (inName || c == '}' || c < 0x80 && (Character.isLetterOrDigit(c) || "-._~!$&'()*+,;=:@/%".indexOf(c) >= 0)) {
                b.append(c);
            } else {
                b.append('%').append(Character.toUpperCase(Character.forDigit((x >> 4) & 0xf, 16)))
                        .append(Character.toUpperCase(Character.forDigit(x & 0xf, 16)));
            }
        }
        return b.toString();
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
