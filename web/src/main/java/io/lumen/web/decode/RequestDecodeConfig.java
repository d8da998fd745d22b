package io.lumen.web.decode;

import io.lumen.web.ContentCodings;

import java.util.List;

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
    public RequestDecodeConfig {
        enabled = enabled == null || enabled;
        decoders = ContentCodings.parse("decoders", decoders, "");
        maxDecodedSize = maxDecodedSize == null ? 1_048_576L : maxDecodedSize;
        if (maxDecodedSize < 1) {
            throw new IllegalArgumentException("maxDecodedSize must be at least 1 byte, got " + maxDecodedSize);
        }
        refuseOtherCodings = refuseOtherCodings == null || refuseOtherCodings;
    }
}
