package io.lumen.status;

import java.util.Map;

/**
 * One of Lumen's rejections, before it is written: what an {@link ErrorFormat} fills a declared
 * error body from.
 *
 * @param status      the catalogue entry (HTTP status, code, message constant, severity)
 * @param description the description with this occurrence's arguments filled in
 * @param details     extra entries, such as the validator's {@code errors} list; never null
 * @param path        the request path, for a problem's {@code instance}
 */
public record ErrorContent(Status status, String description, Map<String, Object> details, String path) {
    public ErrorContent {
        details = details == null ? Map.of() : details;
    }
}
