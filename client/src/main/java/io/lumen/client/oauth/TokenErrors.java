package io.lumen.client.oauth;

import io.lumen.status.ErrorCodes;
import io.lumen.status.Status;
import io.lumen.status.StatusCatalogue;

import java.util.Set;

/** Builds {@link TokenException}s from the catalogue's token codes. Immutable; shared. */
final class TokenErrors {
    /** RFC 6749 5.2 and RFC 8693 2.2.2 error codes: the only part of a refusal's body that is repeated. */
    private static final Set<String> OAUTH_ERRORS = Set.of("invalid_request", "invalid_client", "invalid_grant",
            "unauthorized_client", "unsupported_grant_type", "invalid_scope", "invalid_target");

    private final Status unreachable;
    private final Status refused;
    private final Status invalid;

    TokenErrors(StatusCatalogue catalogue) {
        unreachable = catalogue.get(ErrorCodes.TOKEN_ENDPOINT_UNREACHABLE);
        refused = catalogue.get(ErrorCodes.TOKEN_REQUEST_REFUSED);
        invalid = catalogue.get(ErrorCodes.TOKEN_RESPONSE_INVALID);
    }

    /** The client could not get an answer (its ClientException's description says why; it names no secret). */
    TokenException unreachable(String endpoint, String why, Throwable cause) {
        return new TokenException(unreachable, cause, endpoint, why);
    }

    /** The endpoint answered {@code status}; {@code oauthError} is repeated only when it is a registered code. */
    TokenException refused(String endpoint, int status, String oauthError) {
        String why = "HTTP " + status + (oauthError != null && OAUTH_ERRORS.contains(oauthError) ? " " + oauthError : "");
        return new TokenException(refused, null, endpoint, why);
    }

    TokenException invalid(String endpoint, String why) {
        return new TokenException(invalid, null, endpoint, why);
    }
}
