package io.lumen.proxy.token;

import io.lumen.client.oauth.AccessToken;
import io.lumen.client.oauth.TokenSource;
import io.lumen.handler.ChainContext;
import io.lumen.handler.Middleware;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorCodes;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.SameThreadExecutor;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The {@code token} middleware (token.yml; light-4j's {@code com.networknt.router.middleware.TokenHandler}):
 * before {@code proxy} in a chain, it sets {@code Authorization: Bearer <token>} on the request the
 * upstream receives. The token is a client-credentials token of the service the request path maps
 * to in client.yml {@code pathPrefixServices} (else of {@code oauth.token}'s default server), or,
 * under {@code exchangePathPrefixes}, a token exchanged for the caller's bearer token (RFC 8693).
 *
 * <p>A held token costs no wait; otherwise the request is parked (no thread held) until the token
 * request answers. A token endpoint that fails answers the caller 503 ERR19230 or 502
 * ERR19231/ERR19232, naming the endpoint and its status, never its body. The proxied request is
 * not retried on a 401 from the upstream (its body is streamed, not kept): the next request gets a
 * renewed token once the current one nears its expiry.
 */
public final class TokenHandler implements Middleware {
    private static final String BEARER = "Bearer ";

    private final TokenConfig config;
    private final ErrorResponder errors;
    private final TokenRuntime runtime;

    public TokenHandler(ServiceContext context) {
        this.config = context.config().load("token", TokenConfig.class);
        this.errors = context.errors();
        this.runtime = config.enabled() ? context.shared(TokenRuntime.class, () -> new TokenRuntime(context)) : null;
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        return exchange -> handle(exchange, next);
    }

    private void handle(HttpServerExchange exchange, HttpHandler next) throws Exception {
        String path = exchange.getRequestPath();
        if (!config.appliedPathPrefixes().isEmpty() && !under(config.appliedPathPrefixes(), path)) {
            next.handleRequest(exchange);
            return;
        }
        TokenSource source;
        if (!config.exchangePathPrefixes().isEmpty() && under(config.exchangePathPrefixes(), path)) {
            String auth = exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION);
            if (auth == null || !auth.regionMatches(true, 0, BEARER, 0, BEARER.length()) || auth.length() == BEARER.length()) {
                errors.send(exchange, ErrorCodes.SUBJECT_TOKEN_MISSING);
                return;
            }
            source = runtime.exchange(auth.substring(BEARER.length()).trim());
        } else {
            source = runtime.forPath(path);
            if (source == null) {
                errors.send(exchange, ErrorCodes.TOKEN_ENDPOINT_UNREACHABLE, "client.yml",
                        "pathPrefixServices maps no service to " + path + " and oauth.token.server_url is not set");
                return;
            }
        }
        CompletableFuture<AccessToken> token = source.token();
        if (token.isDone()) {
            resume(exchange, next, token);
            return;
        }
        exchange.dispatch(SameThreadExecutor.INSTANCE, () -> token.whenComplete((t, failure) ->
                exchange.dispatch(exchange.getIoThread(), ex -> resume(ex, next, token))));
    }

    /** Sends the request on with the token, or answers the token endpoint's failure. */
    private void resume(HttpServerExchange exchange, HttpHandler next, CompletableFuture<AccessToken> token) throws Exception {
        AccessToken t;
        try {
            t = token.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof StatusException s) {
                errors.send(exchange, s);
            } else {
                errors.send(exchange, ErrorCodes.TOKEN_ENDPOINT_UNREACHABLE, "the token endpoint", cause.getClass().getSimpleName());
            }
            return;
        }
        exchange.getRequestHeaders().put(Headers.AUTHORIZATION, t.bearer());
        next.handleRequest(exchange);
    }

    private static boolean under(List<String> prefixes, String path) {
        for (String p : prefixes) {
            if (PathPrefixes.matches(p, path)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "token";
    }
}
