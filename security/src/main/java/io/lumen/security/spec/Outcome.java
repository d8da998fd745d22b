package io.lumen.security.spec;

import io.lumen.status.Status;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

import java.util.Map;
import java.util.function.Consumer;

/**
 * What checking one scheme against a request found. Immutable; the outcomes that do not depend on the
 * request are made once (by the checks, at startup) and shared.
 *
 * @param result          passed, no credentials for it, wrong ones (401), right ones without the scopes (403), or
 *                        a slow check is needed (a password hash, a JWKS fetch) that must not run on the IO thread
 * @param status          the refusal's status (REJECTED, FORBIDDEN); else null
 * @param description     the refusal's description; else null
 * @param challenge       the refusal's {@code WWW-Authenticate} value, or null
 * @param challengeHeader the same as the response header to send, or null
 * @param grant           PASSED: what the credentials hand to the handlers behind (client or user id, the token)
 */
public record Outcome(Result result, Status status, String description, String challenge,
                      Map<HttpString, String> challengeHeader, Consumer<HttpServerExchange> grant) {
    public enum Result { PASSED, ABSENT, REJECTED, FORBIDDEN, SLOW }

    public static final Outcome ABSENT = new Outcome(Result.ABSENT, null, null, null, null, null);
    public static final Outcome SLOW = new Outcome(Result.SLOW, null, null, null, null, null);
    /** Passed without credentials: {@code security: []} or an empty alternative. */
    static final Outcome OPEN = passed(exchange -> { });

    public static Outcome passed(Consumer<HttpServerExchange> grant) {
        return new Outcome(Result.PASSED, null, null, null, null, grant);
    }

    public static Outcome rejected(Status status, String description, String challenge) {
        return new Outcome(Result.REJECTED, status, description, challenge, header(challenge), null);
    }

    public static Outcome forbidden(Status status, String description, String challenge) {
        return new Outcome(Result.FORBIDDEN, status, description, challenge, header(challenge), null);
    }

    /** Both passed (a requirement that combines schemes): one grant that hands on what each found. */
    Outcome and(Outcome other) {
        return passed(grant.andThen(other.grant));
    }

    private static Map<HttpString, String> header(String challenge) {
        return challenge == null ? null : Map.of(Headers.WWW_AUTHENTICATE, challenge);
    }
}
