package io.lumen.security.jwt;

/** A token failed verification; carries the {@link Rejection} (no stack trace: it is an expected outcome). */
public final class TokenRejectedException extends Exception {
    private static final long serialVersionUID = 1L;
    private final Rejection reason;
    private final boolean keysMayHaveRotated;

    public TokenRejectedException(Rejection reason, String detail) {
        this(reason, detail, reason == Rejection.UNKNOWN_KID);
    }

    /**
     * @param keysMayHaveRotated whether fresh keys might verify the token: an unknown kid, or a token without
     *                           kid that no current key verifies (a provider with one key rotated it)
     */
    public TokenRejectedException(Rejection reason, String detail, boolean keysMayHaveRotated) {
        super(reason.description() + (detail == null ? "" : ": " + detail), null, false, false);
        this.reason = reason;
        this.keysMayHaveRotated = keysMayHaveRotated;
    }

    public Rejection reason() {
        return reason;
    }

    /** Whether a JWKS refresh might let the token pass (then it is verified once more after one). */
    public boolean keysMayHaveRotated() {
        return keysMayHaveRotated;
    }
}
