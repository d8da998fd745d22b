package io.lumen.status;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;
import io.undertow.util.HttpString;

import java.util.Map;

/**
 * Lets whoever runs Lumen's chains in front of another framework answer one of Lumen's refusals later
 * instead of at once (the Spring Boot starter holds validation refusals until Spring Security passed
 * the request, so that a caller without credentials learns nothing about validation). Attached to an
 * exchange under {@link #KEY}; {@link ErrorResponder} asks it, once, before writing a refusal.
 */
@FunctionalInterface
public interface RefusalHold {
    /** Where an exchange carries its hold; the responder removes it when it asks. */
    AttachmentKey<RefusalHold> KEY = AttachmentKey.create(RefusalHold.class);

    /**
     * Takes the refusal or declines it.
     *
     * @param headers extra response headers (e.g. {@code Allow}), or null
     * @return true when the hold took it (it answers later and the responder writes nothing now);
     *         false: the responder writes it now
     */
    boolean hold(HttpServerExchange exchange, int statusCode, ErrorResponder.ErrorBody body, Map<HttpString, String> headers);
}
