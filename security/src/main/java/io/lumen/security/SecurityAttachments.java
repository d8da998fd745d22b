package io.lumen.security;

import io.undertow.util.AttachmentKey;

/**
 * Exchange attachments set by the {@code security} middleware. It also sets
 * {@link io.lumen.handler.HandlerAttachments#CLIENT_ID}, {@link io.lumen.handler.HandlerAttachments#USER_ID} and
 * {@link io.lumen.handler.HandlerAttachments#VERIFIED_CLAIMS} (the token's claims, for modules that do not
 * depend on this one).
 */
public final class SecurityAttachments {
    /** The verified token of the request; absent on routes without security and before it ran. */
    public static final AttachmentKey<VerifiedToken> TOKEN = AttachmentKey.create(VerifiedToken.class);

    private SecurityAttachments() {
    }
}
