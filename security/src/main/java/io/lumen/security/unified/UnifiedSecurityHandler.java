package io.lumen.security.unified;

import io.lumen.handler.FailureHandler;
import io.lumen.status.ErrorCodes;
import io.lumen.handler.ChainContext;
import io.lumen.handler.Middleware;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.handler.prefix.PrefixRouted;
import io.lumen.security.SecurityHandler;
import io.lumen.security.apikey.ApiKeyHandler;
import io.lumen.security.basic.BasicAuthHandler;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The {@code unified} middleware ({@code unified-security.yml}): per route, the schemes its path
 * prefix accepts, each the same middleware as on its own ({@code basic}, {@code security},
 * {@code apikey}, linked in front of the rest of the chain at startup). A request goes to the first
 * scheme whose credentials it carries ({@code Authorization: Basic}, {@code Authorization: Bearer},
 * the API key's header, query parameter or cookie); that scheme's answer stands. A request with none
 * is answered 401 ERR19210 naming the accepted schemes, with a challenge for each HTTP scheme. Routes
 * under {@code anonymousPrefixes} pass; routes under no prefix are refused. On a wildcard route
 * ({@code /*}, a gateway's) the request path picks the prefix. IO thread.
 */
public final class UnifiedSecurityHandler implements Middleware {
    private static final String MISSING = ErrorCodes.AUTHENTICATION_REQUIRED;

    private final UnifiedSecurityConfig config;
    private final ErrorResponder errors;
    private final BasicAuthHandler basic;
    private final SecurityHandler jwt;
    private final ApiKeyHandler apikey;
    private final Map<String, UnifiedSecurityConfig.PathPrefixAuth> byPrefix = new LinkedHashMap<>();

    public UnifiedSecurityHandler(ServiceContext context) {
        this.config = context.config().load("unified-security", UnifiedSecurityConfig.class);
        this.errors = context.errors();
        this.basic = config.uses("basic") ? new BasicAuthHandler(context) : null;
        this.jwt = config.uses("jwt") ? new SecurityHandler(context) : null;
        this.apikey = config.uses("apikey") ? new ApiKeyHandler(context) : null;
        config.pathPrefixAuths().forEach(a -> byPrefix.put(a.prefix(), a));
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        String path = context.path();
        if (PathPrefixes.wildcard(path)) { // a /* route: the request path picks the prefix, anonymous ones first
            Map<String, HttpHandler> byPath = new LinkedHashMap<>();
            byPrefix.forEach((prefix, auth) -> byPath.put(prefix, linked(auth, new AtPrefix(context, prefix), context, next)));
            HttpHandler secured = PrefixRouted.of("unified", byPath, linked(null, context, context, next));
            String[] anonymous = config.anonymousPrefixes().toArray(String[]::new);
            return anonymous.length == 0 ? secured : new AnonymousFirst(anonymous, next, secured);
        }
        if (config.anonymousPrefixes().stream().anyMatch(p -> PathPrefixes.matches(p, path))) {
            return next;
        }
        String prefix = PathPrefixes.longest(byPrefix, path);
        return linked(prefix == null ? null : byPrefix.get(prefix), context, context, next);
    }

    /**
     * The schemes of {@code auth} (null: none) linked in front of {@code next}: Basic and API keys for
     * the paths of {@code at}, the JWT middleware for the route itself.
     */
    private Linked linked(UnifiedSecurityConfig.PathPrefixAuth auth, ChainContext at, ChainContext route, HttpHandler next) {
        List<Scheme> schemes = new ArrayList<>();
        if (auth != null && auth.basic()) {
            schemes.add(new Scheme("HTTP Basic", BasicAuthHandler::offered, basic.wrap(at, next)));
        }
        if (auth != null && auth.jwt()) {
            schemes.add(new Scheme("a Bearer token", UnifiedSecurityHandler::bearer, jwt.wrap(route, next)));
        }
        if (auth != null && auth.apikey()) {
            String path = at.path();
            schemes.add(new Scheme("an API key", ex -> apikey.offered(path, ex), apikey.wrap(at, next)));
        }
        return new Linked(schemes.toArray(Scheme[]::new), next);
    }

    /** A route seen at one of the configured prefixes, for the schemes linked per prefix on a wildcard route. */
    private record AtPrefix(ChainContext route, String path) implements ChainContext {
        @Override
        public String method() {
            return route.method();
        }

        @Override
        public List<String> chain() {
            return route.chain();
        }

        @Override
        public FailureHandler failures() {
            return route.failures();
        }
    }

    /** On a wildcard route: a request under an anonymous prefix passes before any prefix is looked at. */
    private record AnonymousFirst(String[] anonymous, HttpHandler next, HttpHandler secured) implements HttpHandler {
        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            String path = exchange.getRequestPath();
            for (String p : anonymous) {
                if (PathPrefixes.matches(p, path)) {
                    next.handleRequest(exchange);
                    return;
                }
            }
            secured.handleRequest(exchange);
        }
    }

    private static boolean bearer(HttpServerExchange exchange) {
        String auth = exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION);
        return auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7);
    }

    @Override
    public String toString() {
        return "unified";
    }

    /** One accepted scheme of a route: does the request carry its credentials, and its linked handler. */
    private record Scheme(String name, Predicate<HttpServerExchange> offered, HttpHandler handler) {
    }

    private final class Linked implements HttpHandler {
        private final Scheme[] schemes;
        private final HttpHandler next;
        private final String names;
        private final Map<HttpString, String> challenges;

        Linked(Scheme[] schemes, HttpHandler next) {
            this.schemes = schemes;
            this.next = next;
            List<String> n = new ArrayList<>();
            List<String> c = new ArrayList<>();
            for (Scheme s : schemes) {
                n.add(s.name());
                if (s.name().equals("HTTP Basic")) {
                    c.add(basic.challenge());
                } else if (s.name().equals("a Bearer token")) {
                    c.add("Bearer");
                }
            }
            this.names = n.isEmpty() ? "no scheme (this path is under no pathPrefixAuths entry)" : String.join(" or ", n);
            this.challenges = c.isEmpty() ? Map.of() : Map.of(Headers.WWW_AUTHENTICATE, String.join(", ", c));
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            for (Scheme s : schemes) {
                if (s.offered().test(exchange)) {
                    s.handler().handleRequest(exchange);
                    return;
                }
            }
            Status status = errors.catalogue().get(MISSING);
            errors.send(exchange, status, status.describe(names), Map.of(), challenges);
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder("unified[");
            for (Scheme s : schemes) {
                b.append(s.name()).append(s == schemes[schemes.length - 1] ? "" : ", ");
            }
            return b.append("] -> ").append(next).toString();
        }
    }
}
