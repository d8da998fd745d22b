package io.lumen.handler.body;

import io.lumen.http.MediaTypeSet;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/** Which media types the body middleware reads, and how each is parsed. Immutable. */
final class MediaTypes {
    enum Kind { JSON, FORM, MULTIPART, TEXT, RAW }

    private final MediaTypeSet set;

    MediaTypes(List<String> types) {
        this.set = MediaTypeSet.of("contentTypes", types);
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
        return set.matches(mediaType);
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
