package io.lumen.security;

import io.lumen.handler.HandlerAttachments;
import io.lumen.security.cache.TokenCache;
import io.lumen.security.jwt.Rejection;
import io.lumen.security.jwt.TokenRejectedException;
import io.lumen.security.spec.SchemeCheck;
import io.lumen.status.ErrorCodes;
import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.HttpString;

import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * The JWT side of the {@code security} middleware as one object: a bearer token verified (through
 * the token cache), the JWKS refresh an unknown kid starts, the answers for a refused token, and
 * what a verified token hands on (attachments, {@code passThroughClaims} headers). Used by the
 * middleware's own route handler and by the spec's bearer, oauth2 and openIdConnect schemes
 * ({@code io.lumen.security.spec}). Thread-safe.
 */
public final class BearerTokens {
    private static final Map<Rejection, String> INVALID_CHALLENGES = new EnumMap<>(Rejection.class);

    static {
        for (Rejection r : Rejection.values()) {
            INVALID_CHALLENGES.put(r, "Bearer error=\"invalid_token\", error_description=\"" + r.description() + "\"");
        }
    }

    private final SecurityHandler owner;
    private final JwtVerifier verifier;
    private final TokenCache<VerifiedToken> cache;
    private final Status invalid;
    private final Status expired;
    private final Status scopeMismatch;

    BearerTokens(SecurityHandler owner) {
        this.owner = owner;
        this.verifier = owner.verifier();
        this.cache = owner.cache();
        ErrorResponder errors = owner.errors();
        this.invalid = errors.catalogue().get(ErrorCodes.INVALID_AUTH_TOKEN);
        this.expired = errors.catalogue().get(ErrorCodes.AUTH_TOKEN_EXPIRED);
        this.scopeMismatch = errors.catalogue().get(ErrorCodes.AUTH_TOKEN_SCOPE_MISMATCH);
    }

    /**
     * The check of the spec's http bearer, oauth2 or openIdConnect scheme {@code describe}: these tokens,
     * then the requirement's scopes.
     */
    SchemeCheck schemeCheck(String describe) {
        return new BearerCheck(this, scopeMismatch, describe);
    }

    /** The token of a {@code Bearer} credential (scheme case-insensitive), or null. */
    public static String bearer(String header) {
        if (header == null || header.length() < 7 || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        String token = header.substring(7).trim();
        return token.isEmpty() ? null : token;
    }

    /** The cache's key for {@code token}, or null when there is no cache or the token is too long to be one. */
    private TokenCache.Key key(String token) {
        return cache != null && token.length() <= JwtVerifier.MAX_TOKEN_CHARS ? cache.key(token) : null;
    }

    /** A token verified before and not yet expired (a SHA-256 and a map read), or null. */
    public VerifiedToken cached(String token) {
        TokenCache.Key key = key(token);
        return key == null ? null : cache.get(key, System.currentTimeMillis());
    }

    /** Verifies {@code token} (CPU only) and remembers it. */
    public VerifiedToken verify(String token) throws TokenRejectedException {
        VerifiedToken verified = verifier.verify(token);
        remember(key(token), verified);
        return verified;
    }

    private void remember(TokenCache.Key key, VerifiedToken verified) {
        if (key != null) {
            cache.put(key, verified, System.currentTimeMillis());
        }
    }

    /**
     * The JWKS refresh a token with an unknown kid (or a kid-less token no current key verifies) starts; null
     * when it is refused for another reason or a refresh is not due.
     */
    public CompletableFuture<Void> refreshFor(TokenRejectedException e) {
        return e.keysMayHaveRotated() ? owner.keys().refresh() : null;
    }

    /** How long a JWKS fetch may take, in milliseconds ({@code jwt.jwksTimeout}). */
    public long jwksTimeoutMillis() {
        return owner.config().jwt().jwksTimeout();
    }

    /** Whether tokens' scopes are checked ({@code enableVerifyScope}). */
    public boolean verifyScopes() {
        return owner.config().enableVerifyScope();
    }

    /** The status of a refused token: ERR10001 when it expired, else ERR10000. */
    public Status status(TokenRejectedException e) {
        return e.reason() == Rejection.EXPIRED ? expired : invalid;
    }

    /** The {@code WWW-Authenticate} value for a refused token (RFC 6750 {@code invalid_token}). */
    public static String challenge(TokenRejectedException e) {
        return INVALID_CHALLENGES.get(e.reason());
    }

    /** The {@code WWW-Authenticate} value for a token without any of {@code required} (RFC 6750 {@code insufficient_scope}). */
    public static String insufficientScope(Set<String> required) {
        String scopes = String.join(" ", new TreeSet<>(required)).replaceAll("[\"\\\\]", "");
        return "Bearer error=\"insufficient_scope\", error_description=\"The token has none of the required scopes\", scope=\""
                + scopes + "\"";
    }

    /**
     * Hands a verified token to the handlers behind: {@link SecurityAttachments#TOKEN}, its claims,
     * client and user ids, and the {@code passThroughClaims} headers (a client's own header of that
     * name is removed first).
     */
    public void attach(HttpServerExchange exchange, VerifiedToken token) {
        exchange.putAttachment(SecurityAttachments.TOKEN, token);
        exchange.putAttachment(HandlerAttachments.VERIFIED_CLAIMS, token.claims()); // for readers without a security dependency
        if (token.clientId() != null) {
            exchange.putAttachment(HandlerAttachments.CLIENT_ID, token.clientId());
        }
        if (token.userId() != null) {
            exchange.putAttachment(HandlerAttachments.USER_ID, token.userId());
        }
        Map<String, HttpString> pass = owner.passThrough();
        if (!pass.isEmpty()) {
            HeaderMap headers = exchange.getRequestHeaders();
            for (Map.Entry<String, HttpString> e : pass.entrySet()) {
                headers.remove(e.getValue()); // a client cannot pre-set a header that claims vouch for
                String value = token.claim(e.getKey());
                if (value != null) {
                    headers.put(e.getValue(), value);
                }
            }
        }
    }
}
