package io.lumen.security.spec;

import io.undertow.server.HttpServerExchange;

import java.util.Set;

/**
 * One of the spec's security schemes, checked against requests. Public for the one check made outside this
 * package: the bearer JWT check of the {@code security} middleware ({@code io.lumen.security.BearerCheck}).
 * Thread-safe.
 */
public interface SchemeCheck {
    /**
     * Checks the request's credentials for this scheme.
     *
     * @param scopes   the scopes the requirement lists for it (oauth2, openIdConnect: any one suffices)
     * @param mayBlock false on the IO thread: a check that would hash a password or wait for a JWKS
     *                 answers {@link Outcome#SLOW} and is run again on a worker thread with true
     */
    Outcome check(HttpServerExchange exchange, Set<String> scopes, boolean mayBlock);

    /** The {@code WWW-Authenticate} challenge for a request without credentials, or null (apiKey). */
    String challenge();

    /** How a refusal names it: {@code apiKey in header X-Api-Key}. */
    String describe();

    /** Whether it takes a bearer JWT (http bearer, oauth2, openIdConnect). */
    default boolean jwt() {
        return false;
    }
}
