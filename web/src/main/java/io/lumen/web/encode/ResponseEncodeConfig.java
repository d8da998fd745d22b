package io.lumen.web.encode;

import io.lumen.http.MediaTypeSet;
import io.lumen.web.ContentCodings;

import java.util.List;

/**
 * {@code response-encode.yml} (light-4j's file and keys {@code enabled}, {@code encoders}, plus
 * Lumen's own). Every key is optional; unknown keys fail startup.
 *
 * @param enabled     link the middleware into chains (true)
 * @param encoders    the codings offered, most preferred first, when the client's q-values tie
 *                    ({@code [gzip, deflate]}); only {@code gzip} and {@code deflate}
 * @param minimumSize responses with a known length below this many bytes are sent as they are (1024)
 * @param mediaTypes  the media types compressed: exact, {@code type/*} or {@code type/*+suffix}
 *                    (JSON, text, JavaScript, CSS, SVG, XML)
 * @param level       the deflate level, 1 (fastest) to 9 (smallest) (6, zlib's default)
 */
public record ResponseEncodeConfig(Boolean enabled, List<String> encoders, Integer minimumSize,
                                   List<String> mediaTypes, Integer level) {
    /** The media types compressed by default. */
    public static final List<String> DEFAULT_MEDIA_TYPES = List.of("application/json", "application/*+json",
            "text/*", "application/javascript", "application/xml", "application/*+xml", "image/svg+xml",
            "application/wasm");

    public ResponseEncodeConfig {
        enabled = enabled == null || enabled;
        encoders = ContentCodings.parse("encoders", encoders, " (brotli and zstd: serve precompressed files with "
                + "the static handler, see docs/web.md)");
        minimumSize = minimumSize == null ? 1024 : minimumSize;
        if (minimumSize < 0) {
            throw new IllegalArgumentException("minimumSize must be 0 or more bytes, got " + minimumSize);
        }
        mediaTypes = mediaTypes == null ? DEFAULT_MEDIA_TYPES : List.copyOf(mediaTypes);
        MediaTypeSet.of("mediaTypes", mediaTypes);
        level = level == null ? 6 : level;
        if (level < 1 || level > 9) {
            throw new IllegalArgumentException("level must be 1 to 9, got " + level);
        }
    }
}
