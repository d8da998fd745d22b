package io.lumen.spring.web;

import io.lumen.status.ErrorResponder;
import io.undertow.util.AttachmentKey;
import io.undertow.util.HttpString;

import java.util.Map;

/**
 * One of Lumen's refusals that waits, attached to its exchange, until Spring Security's filter chain
 * has passed the request ({@link HeldRefusalFilter} then answers it); if Spring Security refuses the
 * request itself, its answer goes out and this one is dropped.
 *
 * @param headers extra response headers of the refusal (e.g. {@code Allow}); never null
 */
public record HeldRefusal(int statusCode, ErrorResponder.ErrorBody body, Map<HttpString, String> headers) {
    public static final AttachmentKey<HeldRefusal> KEY = AttachmentKey.create(HeldRefusal.class);

    public HeldRefusal {
        headers = headers == null ? Map.of() : Map.copyOf(headers);
    }
}
