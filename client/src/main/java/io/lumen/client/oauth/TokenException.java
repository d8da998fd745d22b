package io.lumen.client.oauth;

import io.lumen.status.Status;
import io.lumen.status.StatusException;

/**
 * No token could be had: the token endpoint was unreachable ({@code ERR19230}, 503), refused the
 * request ({@code ERR19231}, 502, with its status and RFC 6749 error code only, never its body) or
 * answered no usable token ({@code ERR19232}, 502). Thrown from a Lumen handler it answers the
 * caller with the error JSON of its status.
 */
public final class TokenException extends StatusException {
    private static final long serialVersionUID = 1L;

    TokenException(Status status, Throwable cause, Object... args) {
        super(status, cause, args);
    }

    /** The catalogue code, e.g. {@code ERR19230}. */
    public String code() {
        return status().code();
    }
}
