package io.lumen.security.basic;

import io.lumen.status.ErrorCodes;
import io.lumen.handler.ChainContext;
import io.lumen.handler.FailureHandler;
import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.Middleware;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.handler.prefix.PrefixRouted;
import io.lumen.security.password.PasswordHash;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code basic} middleware ({@code basic-auth.yml}): HTTP Basic authentication. A request whose
 * credentials were verified before passes on the IO thread after one SHA-256 and a map lookup; a new
 * one is checked against the user's bcrypt or argon2 hash on a worker thread (the check is meant to be
 * slow), then the chain continues on the exchange's IO thread. An unknown user costs a hash check too, so timing does not
 * tell which users exist. Answers 401 ERR19210 (no credentials) or ERR10047 (wrong ones) with a
 * {@code WWW-Authenticate: Basic} challenge, and 401 ERR10071 for a user not allowed on the route.
 * On success {@link HandlerAttachments#USER_ID} is the user name.
 */
public final class BasicAuthHandler implements Middleware {
    private static final String MISSING = ErrorCodes.AUTHENTICATION_REQUIRED;
    private static final String WRONG = ErrorCodes.INVALID_USERNAME_OR_PASSWORD;
    private static final String NOT_ALLOWED = ErrorCodes.NOT_AUTHORIZED_REQUEST_PATH;

    private final BasicAuthConfig config;
    private final ErrorResponder errors;
    private final BasicCredentials credentials;
    private final String challenge;

    public BasicAuthHandler(ServiceContext context) {
        this(context.config().load("basic-auth", BasicAuthConfig.class), context.errors());
    }

    public BasicAuthHandler(BasicAuthConfig config, ErrorResponder errors) {
        this.config = config;
        this.errors = errors;
        Map<String, PasswordHash> hashes = new HashMap<>();
        config.users().forEach(u -> hashes.put(u.username(), PasswordHash.parse(u.password())));
        this.credentials = new BasicCredentials(hashes, config.cacheSize());
        this.challenge = "Basic realm=\"" + config.realm() + "\", charset=\"UTF-8\"";
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        if (PathPrefixes.wildcard(context.path())) { // a /* route: the request path says who may call
            Map<String, HttpHandler> byPath = new LinkedHashMap<>();
            config.users().forEach(u -> u.paths().forEach(p ->
                    byPath.computeIfAbsent(p, prefix -> new Linked(allowed(prefix), next, context.failures()))));
            return PrefixRouted.of("basic", byPath, new Linked(allowed(null), next, context.failures()));
        }
        return new Linked(allowed(context.path()), next, context.failures());
    }

    /** The users who may call {@code path}: those without paths, and those with a prefix of it (null: none). */
    private Set<String> allowed(String path) {
        Set<String> allowed = new HashSet<>();
        for (BasicAuthConfig.User u : config.users()) {
            if (u.paths().isEmpty() || path != null && u.paths().stream().anyMatch(p -> PathPrefixes.matches(p, path))) {
                allowed.add(u.username());
            }
        }
        return Set.copyOf(allowed);
    }

    /** Whether the request offers Basic credentials (for the unified handler's choice). */
    public static boolean offered(HttpServerExchange exchange) {
        return BasicCredentials.offered(exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION));
    }

    /** The {@code WWW-Authenticate} challenge, with the configured realm. */
    public String challenge() {
        return challenge;
    }

    /** Answers 401 with this middleware's challenge; {@code code} is ERR19210, ERR10047 or ERR10071. */
    void unauthorized(HttpServerExchange exchange, String code, Object... args) {
        Status status = errors.catalogue().get(code);
        errors.send(exchange, status, status.describe(args), Map.of(), Map.of(Headers.WWW_AUTHENTICATE, challenge));
    }

    @Override
    public String toString() {
        return "basic";
    }

    private final class Linked implements HttpHandler {
        private final Set<String> allowed;
        private final HttpHandler next;
        private final FailureHandler failures;

        Linked(Set<String> allowed, HttpHandler next, FailureHandler failures) {
            this.allowed = allowed;
            this.next = next;
            this.failures = failures;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            String auth = exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION);
            if (auth == null) {
                if (config.allowAnonymous()) {
                    next.handleRequest(exchange);
                } else {
                    unauthorized(exchange, MISSING, "HTTP Basic");
                }
                return;
            }
            if (config.allowBearerToken() && auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
                next.handleRequest(exchange);
                return;
            }
            if (!offered(exchange)) {
                unauthorized(exchange, MISSING, "HTTP Basic");
                return;
            }
            String known = credentials.known(auth);
            if (known != null) {
                proceed(exchange, known);
                return;
            }
            exchange.dispatch(() -> { // a hash check takes milliseconds: not on the IO thread
                String user = credentials.verify(auth);
                // back on the IO thread: what follows (a proxy's per-thread pools) expects it
                exchange.dispatch(exchange.getIoThread(), () -> {
                    try {
                        if (user == null) {
                            unauthorized(exchange, WRONG);
                        } else {
                            proceed(exchange, user);
                        }
                    } catch (Throwable t) {
                        failures.fail(exchange, t);
                    }
                });
            });
        }

        private void proceed(HttpServerExchange exchange, String user) throws Exception {
            if (!allowed.contains(user)) {
                unauthorized(exchange, NOT_ALLOWED, user); // light-4j's 401 ERR10071; a 401 carries the challenge
                return;
            }
            exchange.putAttachment(HandlerAttachments.USER_ID, user);
            next.handleRequest(exchange);
        }

        @Override
        public String toString() {
            return "basic -> " + next;
        }
    }
}
