package io.lumen.handler.body;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code body.yml}. Every key is optional.
 *
 * @param enabled      link the middleware into chains (true)
 * @param maxBodySize  the largest body read, in bytes (1048576); larger is 413 ERR10068. On routes
 *                     with this middleware it replaces server.yml's {@code maxTransferFileSize}
 * @param contentTypes the media types read: exact ({@code application/json}), any subtype
 *                     ({@code text/*}) or a structured suffix ({@code application/*+json})
 *                     ([application/json, application/*+json, application/x-www-form-urlencoded,
 *                     multipart/form-data, text/*]); JSON, form, multipart and text types are parsed,
 *                     other listed types are read as raw bytes only
 * @param maxParts     the most parts a {@code multipart/form-data} body may have (100); more is 400 ERR10015
 */
public record BodyConfig(Boolean enabled, Long maxBodySize, List<String> contentTypes, Integer maxParts) {
    static final List<String> DEFAULT_TYPES = List.of("application/json", "application/*+json",
            "application/x-www-form-urlencoded", "multipart/form-data", "text/*");

    /** Without {@code maxParts} (its default). */
    public BodyConfig(Boolean enabled, Long maxBodySize, List<String> contentTypes) {
        this(enabled, maxBodySize, contentTypes, null);
    }

    public BodyConfig {
        enabled = enabled == null || enabled;
        maxBodySize = maxBodySize == null ? 1_048_576L : maxBodySize;
        maxParts = maxParts == null ? 100 : maxParts;
        if (maxParts < 1) {
            throw new IllegalArgumentException("maxParts must be at least 1, got " + maxParts);
        }
        if (maxBodySize < 1 || maxBodySize > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("maxBodySize must be 1 to " + (Integer.MAX_VALUE - 16)
                    + " bytes (the body is held in memory), got " + maxBodySize);
        }
        if (contentTypes == null) {
            contentTypes = DEFAULT_TYPES;
        } else {
            List<String> types = new ArrayList<>();
            for (String t : contentTypes) {
                String type = t == null ? "" : t.trim().toLowerCase(Locale.ROOT);
                int slash = type.indexOf('/');
                if (slash <= 0 || slash == type.length() - 1 || type.indexOf(';') >= 0 || type.indexOf(' ') >= 0) {
                    throw new IllegalArgumentException("contentTypes: '" + t
                            + "' is not a media type like application/json, text/* or application/*+json");
                }
                types.add(type);
            }
            contentTypes = List.copyOf(types);
        }
    }
}
