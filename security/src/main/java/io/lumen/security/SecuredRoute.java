package io.lumen.security;

import io.lumen.handler.FailureHandler;
import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.security.cache.TokenCache;
import io.lumen.security.jwt.JwtVerifier;
import io.lumen.security.jwt.Rejection;
import io.lumen.security.jwt.TokenRejectedException;
import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.lumen.status.ErrorCodes;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.SameThreadExecutor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * The per-route handler of {@link SecurityHandler}. IO thread; see the middleware for the flow.
 */
final class SecuredRoute implements HttpHandler {
    private static final Logger LOG = LoggerFactory.getLogger(SecuredRoute.class);
    private static final String MISSING = ErrorCodes.MISSING_AUTH_TOKEN;
    private static final String INVALID = ErrorCodes.INVALID_AUTH_TOKEN;
    private static final String EXPIRED = ErrorCodes.AUTH_TOKEN_EXPIRED;
    private static final String SCOPE_MISMATCH = ErrorCodes.AUTH_TOKEN_SCOPE_MISMATCH;
    private static final Map<HttpString, String> CHALLENGE = Map.of(Headers.WWW_AUTHENTICATE, "Bearer");
    private static final Map<Rejection, Map<HttpString, String>> INVALID_CHALLENGES = new EnumMap<>(Rejection.class);

    static {
        for (Rejection r : Rejection.values()) {
            INVALID_CHALLENGES.put(r, Map.of(Headers.WWW_AUTHENTICATE,
                    "Bearer error=\"invalid_token\", error_description=\"" + r.description() + "\""));
        }
    }

    private final SecurityConfig config;
    private final ErrorResponder errors;
    private final JwtVerifier verifier;
    private final TokenCache cache;
    private final SecurityHandler owner;
    private final List<String> skipPrefixes;
    /** security.yml routeScopes for this route, used when no OpenAPI operation names scopes; else null. */
    private final Set<String> routeScopes;
    private final HttpHandler next;
    private final FailureHandler failures;
    private final Status missing;
    private final Status invalid;
    private final Status expired;
    private final Status scopeMismatch;

    SecuredRoute(SecurityHandler owner, List<String> skipPrefixes, Set<String> routeScopes, HttpHandler next,
                 FailureHandler failures) {
        this.routeScopes = routeScopes;
        this.owner = owner;
        this.config = owner.config();
        this.errors = owner.errors();
        this.verifier = owner.verifier();
        this.cache = owner.cache();
        this.skipPrefixes = skipPrefixes;
        this.next = next;
        this.failures = failures;
        this.missing = errors.catalogue().get(MISSING);
        this.invalid = errors.catalogue().get(INVALID);
        this.expired = errors.catalogue().get(EXPIRED);
        this.scopeMismatch = errors.catalogue().get(SCOPE_MISMATCH);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (!skipPrefixes.isEmpty() && skipped(exchange.getRelativePath())) {
            next.handleRequest(exchange);
            return;
        }
        String token = bearer(exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION));
        if (token == null) {
            errors.send(exchange, missing, missing.describe(), Map.of(), CHALLENGE);
            return;
        }
        long now = System.currentTimeMillis();
        TokenCache.Key key = null;
        if (cache != null && token.length() <= JwtVerifier.MAX_TOKEN_CHARS) {
            key = cache.key(token);
            VerifiedToken hit = cache.get(key, now);
            if (hit != null) {
                proceed(exchange, hit);
                return;
            }
        }
        VerifiedToken verified;
        try {
            verified = verifier.verify(token);
        } catch (TokenRejectedException e) {
            CompletableFuture<Void> refresh = e.reason() == Rejection.UNKNOWN_KID ? owner.keys().refresh() : null;
            if (refresh != null) {
                park(exchange, token, key, refresh);
            } else {
                reject(exchange, e);
            }
            return;
        }
        remember(key, verified, now);
        proceed(exchange, verified);
    }

    /** Waits for the JWKS refresh without holding the thread, then verifies once more on the IO thread. */
    private void park(HttpServerExchange exchange, String token, TokenCache.Key key, CompletableFuture<Void> refresh) {
        HttpHandler resume = ex -> {
            try {
                VerifiedToken verified = verifier.verify(token);
                remember(key, verified, System.currentTimeMillis());
                proceed(ex, verified);
            } catch (TokenRejectedException e) {
                reject(ex, e);
            } catch (Throwable t) {
                failures.fail(ex, t);
            }
        };
        exchange.dispatch(SameThreadExecutor.INSTANCE, () ->
                refresh.whenComplete((ignored, failure) -> exchange.dispatch(exchange.getIoThread(), resume)));
    }

    private void remember(TokenCache.Key key, VerifiedToken verified, long now) {
        if (key != null) {
            cache.put(key, verified, now);
        }
    }

    private void proceed(HttpServerExchange exchange, VerifiedToken token) throws Exception {
        if (config.enableVerifyScope()) {
            Set<String> required = exchange.getAttachment(HandlerAttachments.REQUIRED_SCOPES);
            if (required == null) {
                required = routeScopes;
            }
            if (required == null ? !config.skipVerifyScopeWithoutSpec() : !token.hasAnyScope(required)) {
                insufficientScope(exchange, token, required == null ? Set.of() : required);
                return;
            }
        }
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
        next.handleRequest(exchange);
    }

    private void insufficientScope(HttpServerExchange exchange, VerifiedToken token, Set<String> required) {
        String scopes = String.join(" ", new TreeSet<>(required)).replaceAll("[\"\\\\]", "");
        errors.send(exchange, scopeMismatch, scopeMismatch.describe(token.scopes(), required), Map.of(),
                Map.of(Headers.WWW_AUTHENTICATE, "Bearer error=\"insufficient_scope\", error_description=\""
                        + "The token has none of the required scopes\", scope=\"" + scopes + "\""));
    }

    private void reject(HttpServerExchange exchange, TokenRejectedException e) {
        LOG.debug("security: {} {}: token refused: {}", exchange.getRequestMethod(), exchange.getRequestPath(),
                e.getMessage());
        Status status = e.reason() == Rejection.EXPIRED ? expired : invalid;
        errors.send(exchange, status, status.describe(), Map.of(), INVALID_CHALLENGES.get(e.reason()));
    }

    private boolean skipped(String path) {
        for (String prefix : skipPrefixes) {
            if (PathPrefixes.matches(prefix, path)) {
                return true;
            }
        }
        return false;
    }

    /** The token of a {@code Bearer} credential (scheme case-insensitive), or null. */
    static String bearer(String header) {
        if (header == null || header.length() < 7 || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        String token = header.substring(7).trim();
        return token.isEmpty() ? null : token;
    }

    @Override
    public String toString() {
        return "security -> " + next;
    }
}
