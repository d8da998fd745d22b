package io.lumen.security;

import io.lumen.security.jwt.TokenRejectedException;
import io.lumen.security.spec.Outcome;
import io.lumen.security.spec.SchemeCheck;
import io.lumen.status.Status;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * An http bearer, oauth2 or openIdConnect scheme: an {@code Authorization: Bearer} JWT verified as the
 * {@code security} middleware verifies every token (security.yml's keys, issuer, audience, cache),
 * then the requirement's scopes (any one suffices). A token of a kid the JWKS may have just gained
 * needs a fetch: {@link Outcome#SLOW} on the IO thread, a bounded wait on the worker. It lives beside
 * {@link BearerTokens} (made by {@link BearerTokens#schemeCheck}), so that the spec's checks do not
 * depend on the middleware.
 */
final class BearerCheck implements SchemeCheck {
    private final BearerTokens tokens;
    private final Status scopeMismatch;
    private final String describe;

    BearerCheck(BearerTokens tokens, Status scopeMismatch, String describe) {
        this.tokens = tokens;
        this.scopeMismatch = scopeMismatch;
        this.describe = describe;
    }

    @Override
    public boolean jwt() {
        return true;
    }

    @Override
    public Outcome check(HttpServerExchange exchange, Set<String> scopes, boolean mayBlock) {
        String token = BearerTokens.bearer(exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION));
        if (token == null) {
            return Outcome.ABSENT;
        }
        VerifiedToken verified = tokens.cached(token);
        if (verified == null) {
            try {
                verified = verify(token, mayBlock);
            } catch (TokenRejectedException e) {
                Status status = tokens.status(e);
                return Outcome.rejected(status, status.describe(), BearerTokens.challenge(e));
            }
            if (verified == null) {
                return Outcome.SLOW;
            }
        }
        if (tokens.verifyScopes() && !scopes.isEmpty() && !verified.hasAnyScope(scopes)) {
            return Outcome.forbidden(scopeMismatch, scopeMismatch.describe(verified.scopes(), scopes),
                    BearerTokens.insufficientScope(scopes));
        }
        VerifiedToken granted = verified;
        return Outcome.passed(ex -> tokens.attach(ex, granted));
    }

    /** The verified token; null when a JWKS fetch must be waited for and {@code mayBlock} is false. */
    private VerifiedToken verify(String token, boolean mayBlock) throws TokenRejectedException {
        try {
            return tokens.verify(token);
        } catch (TokenRejectedException e) {
            CompletableFuture<Void> refresh = tokens.refreshFor(e);
            if (refresh == null) {
                throw e;
            }
            if (!mayBlock) {
                return null;
            }
            try {
                refresh.get(tokens.jwksTimeoutMillis() + 1000L, TimeUnit.MILLISECONDS);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                throw e;
            } catch (Exception ignored) {
                // the fetch failed or took too long: the key set is what it was, verify against it
            }
            return tokens.verify(token);
        }
    }

    @Override
    public String challenge() {
        return "Bearer";
    }

    @Override
    public String describe() {
        return describe;
    }
}
