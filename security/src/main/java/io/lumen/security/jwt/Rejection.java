package io.lumen.security.jwt;

/**
 * Why a token was refused. {@link #EXPIRED} maps to ERR10001, {@link #UNKNOWN_KID} may be retried after a
 * JWKS refresh, every other reason is ERR10000. The descriptions are fixed texts, safe for a
 * {@code WWW-Authenticate} header: they never echo token content.
 */
public enum Rejection {
    MALFORMED("The token is malformed"),
    TOO_LONG("The token is too long"),
    ALGORITHM("The token's signing algorithm is not accepted"),
    NO_KID("The token has no key id"),
    UNKNOWN_KID("The token's key id is unknown"),
    SIGNATURE("The token signature is invalid"),
    EXPIRED("The access token expired"),
    EXPIRY_MISSING("The token has no expiry"),
    NOT_YET_VALID("The token is not valid yet"),
    ISSUED_IN_FUTURE("The token was issued in the future"),
    ISSUER("The token issuer is not accepted"),
    AUDIENCE("The token audience is not accepted"),
    INVALID("The token is invalid");

    private final String description;

    Rejection(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
