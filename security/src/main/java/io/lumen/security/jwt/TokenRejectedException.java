package io.lumen.security.jwt;

/** A token failed verification; carries the {@link Rejection} (no stack trace: it is an expected outcome). */
public final class TokenRejectedException extends Exception {
    private static final long serialVersionUID = 1L;
    private final Rejection reason;

    public TokenRejectedException(Rejection reason, String detail) {
        super(reason.description() + (detail == null ? "" : ": " + detail), null, false, false);
        this.reason = reason;
    }

    public Rejection reason() {
        return reason;
    }
}
