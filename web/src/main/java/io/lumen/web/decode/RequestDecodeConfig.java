package io.lumen.web.decode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code request-decode.yml} (light-4j's file and keys {@code enabled}, {@code decoders}, plus
 * Lumen's own). Every key is optional; unknown keys fail startup.
 *
 * @param enabled            link the middleware into chains (true)
 * @param decoders           the codings inflated ({@code [gzip, deflate]})
 * @param maxDecodedSize     the most bytes a body may inflate to (1048576): past it the read fails and
 *                           the request is answered 413 ERR10068, so a small "zip bomb" never fills memory
 * @param refuseOtherCodings a body in another coding ({@code br}, {@code compress}) is answered 415
 *                           ERR19201 (true); false passes it on untouched
 */
public record RequestDecodeConfig(Boolean enabled, List<String> decoders, Long maxDecodedSize,
                                  Boolean refuseOtherCodings) {
    private static final List<String> KNOWN = List.of("gzip", "deflate");

    public RequestDecodeConfig {
        enabled = enabled == null || enabled;
        List<String> codings = new ArrayList<>();
        for (String d : decoders == null ? KNOWN : decoders) {
            String coding = d == null ? "" : d.trim().toLowerCase(Locale.ROOT);
            if (!KNOWN.contains(coding)) {
                throw new IllegalArgumentException("decoders: '" + d + "' is not supported; use gzip and/or deflate");
            }
            if (!codings.contains(coding)) {
                codings.add(coding);
            }
        }
        if (codings.isEmpty()) {
            throw new IllegalArgumentException("decoders: list gzip and/or deflate, or set enabled: false");
        }
        decoders = List.copyOf(codings);
        maxDecodedSize = maxDecodedSize == null ? 1_048_576L : maxDecodedSize;
        if (maxDecodedSize < 1) {
            throw new IllegalArgumentException("maxDecodedSize must be at least 1 byte, got " + maxDecodedSize);
        }
        refuseOtherCodings = refuseOtherCodings == null || refuseOtherCodings;
    }
}
