package io.lumen.security;

import io.lumen.handler.FailureHandler;
import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.security.jwt.TokenRejectedException;
import io.lumen.security.spec.OperationGuard;
import io.lumen.security.spec.SpecGuards;
import io.lumen.status.ErrorCodes;
import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.SameThreadExecutor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The per-route handler of {@link SecurityHandler}. IO thread; see the middleware for the flow. A
 * request whose OpenAPI operation (matched by {@code specification}) declares security requirements
 * goes to that operation's {@link OperationGuard} instead: the spec decides which schemes it takes.
 */
final class SecuredRoute implements HttpHandler {
    private static final Logger LOG = LoggerFactory.getLogger(SecuredRoute.class);
    private static final Map<HttpString, String> CHALLENGE = Map.of(Headers.WWW_AUTHENTICATE, "Bearer");

    private final SecurityConfig config;
    private final ErrorResponder errors;
    private final BearerTokens tokens;
    private final SpecGuards guards; // null: no spec
    private final List<String> skipPrefixes;
    /** security.yml routeScopes for this route, used when no OpenAPI operation names scopes; else null. */
    private final Set<String> routeScopes;
    private final HttpHandler next;
    private final FailureHandler failures;
    private final Status missing;
    private final Status scopeMismatch;

    SecuredRoute(SecurityHandler owner, List<String> skipPrefixes, Set<String> routeScopes, HttpHandler next,
                 FailureHandler failures) {
        this.routeScopes = routeScopes;
        this.config = owner.config();
        this.errors = owner.errors();
        this.tokens = owner.tokens();
        this.guards = owner.guards();
        this.skipPrefixes = skipPrefixes;
        this.next = next;
        this.failures = failures;
        this.missing = errors.catalogue().get(ErrorCodes.MISSING_AUTH_TOKEN);
        this.scopeMismatch = errors.catalogue().get(ErrorCodes.AUTH_TOKEN_SCOPE_MISMATCH);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (!skipPrefixes.isEmpty() && skipped(exchange.getRelativePath())) {
            next.handleRequest(exchange);
            return;
        }
        if (guards != null) {
            String endpoint = exchange.getAttachment(HandlerAttachments.ENDPOINT);
            OperationGuard guard = endpoint == null ? null : guards.get(endpoint);
            if (guard != null) {
                guard.handle(exchange, next, failures);
                return;
            }
        }
        String token = BearerTokens.bearer(exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION));
        if (token == null) {
            errors.send(exchange, missing, missing.describe(), Map.of(), CHALLENGE);
            return;
        }
        VerifiedToken hit = tokens.cached(token);
        if (hit != null) {
            proceed(exchange, hit);
            return;
        }
        VerifiedToken verified;
        try {
            verified = tokens.verify(token);
        } catch (TokenRejectedException e) {
            CompletableFuture<Void> refresh = tokens.refreshFor(e);
            if (refresh != null) {
                park(exchange, token, refresh);
            } else {
                reject(exchange, e);
            }
            return;
        }
        proceed(exchange, verified);
    }

    /** Waits for the JWKS refresh without holding the thread, then verifies once more on the IO thread. */
    private void park(HttpServerExchange exchange, String token, CompletableFuture<Void> refresh) {
        HttpHandler resume = ex -> {
            try {
                proceed(ex, tokens.verify(token));
            } catch (TokenRejectedException e) {
                reject(ex, e);
            } catch (Throwable t) {
                failures.fail(ex, t);
            }
        };
        exchange.dispatch(SameThreadExecutor.INSTANCE, () ->
                refresh.whenComplete((ignored, failure) -> exchange.dispatch(exchange.getIoThread(), resume)));
    }

    private void proceed(HttpServerExchange exchange, VerifiedToken token) throws Exception {
        if (config.enableVerifyScope()) {
            Set<String> required = exchange.getAttachment(HandlerAttachments.REQUIRED_SCOPES);
            if (required == null) {
                required = routeScopes;
            }
            if (required == null ? !config.skipVerifyScopeWithoutSpec() : !token.hasAnyScope(required)) {
                Set<String> named = required == null ? Set.of() : required;
                errors.send(exchange, scopeMismatch, scopeMismatch.describe(token.scopes(), named), Map.of(),
                        Map.of(Headers.WWW_AUTHENTICATE, BearerTokens.insufficientScope(named)));
                return;
            }
        }
        tokens.attach(exchange, token);
        next.handleRequest(exchange);
    }

    private void reject(HttpServerExchange exchange, TokenRejectedException e) {
        LOG.debug("security: {} {}: token refused: {}", exchange.getRequestMethod(), exchange.getRequestPath(),
                e.getMessage());
        Status status = tokens.status(e);
        errors.send(exchange, status, status.describe(), Map.of(), Map.of(Headers.WWW_AUTHENTICATE, BearerTokens.challenge(e)));
    }

    private boolean skipped(String path) {
        for (String prefix : skipPrefixes) {
            if (PathPrefixes.matches(prefix, path)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "security -> " + next;
    }
}
