package io.lumen.handler.body;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/** Which media types the body middleware reads, and how each is parsed. Immutable. */
final class MediaTypes {
    enum Kind { JSON, FORM, MULTIPART, TEXT, RAW }

    private final String[] exact;
    private final String[] anySubtype; // "text/"
    private final String[] suffix;     // {"application/", "+json"} pairs flattened

    MediaTypes(List<String> types) {
        this.exact = types.stream().filter(t -> !t.contains("*")).toArray(String[]::new);
        this.anySubtype = types.stream().filter(t -> t.endsWith("/*")).map(t -> t.substring(0, t.length() - 1))
                .toArray(String[]::new);
        this.suffix = types.stream().filter(t -> t.contains("/*+"))
                .flatMap(t -> java.util.stream.Stream.of(t.substring(0, t.indexOf('*')), t.substring(t.indexOf('*') + 1)))
                .toArray(String[]::new);
    }

    /** How {@code mediaType} is read, or {@code null} when it is not configured (passed through unread). */
    Kind kind(String mediaType) {
        if (!configured(mediaType)) {
            return null;
        }
        if (mediaType.equals("application/json") || mediaType.endsWith("+json")) {
            return Kind.JSON;
        }
        if (mediaType.equals("application/x-www-form-urlencoded")) {
            return Kind.FORM;
        }
        if (mediaType.equals("multipart/form-data")) {
            return Kind.MULTIPART;
        }
        return mediaType.startsWith("text/") ? Kind.TEXT : Kind.RAW;
    }

    private boolean configured(String mediaType) {
        for (String e : exact) {
            if (e.equals(mediaType)) {
                return true;
            }
        }
        for (String prefix : anySubtype) {
            if (mediaType.startsWith(prefix)) {
                return true;
            }
        }
        for (int i = 0; i < suffix.length; i += 2) {
            if (mediaType.startsWith(suffix[i]) && mediaType.endsWith(suffix[i + 1])) {
                return true;
            }
        }
        return false;
    }

    /** The {@code charset} parameter of a Content-Type value, or UTF-8; throws for unsupported ones. */
    static Charset charset(String contentType) {
        int at = contentType.toLowerCase(Locale.ROOT).indexOf("charset=");
        if (at < 0) {
            return StandardCharsets.UTF_8;
        }
        int end = contentType.indexOf(';', at);
        String name = contentType.substring(at + 8, end < 0 ? contentType.length() : end).trim();
        if (name.length() > 1 && name.startsWith("\"") && name.endsWith("\"")) {
            name = name.substring(1, name.length() - 1);
        }
        return Charset.forName(name);
    }
}
