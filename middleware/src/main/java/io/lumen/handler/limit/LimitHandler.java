package io.lumen.handler.limit;

import io.lumen.handler.ChainContext;
import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.Middleware;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.handler.prefix.PrefixRouted;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.lumen.status.ErrorCodes;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;

/**
 * Rate limiting with token buckets ({@code limit.yml}), per client address, per header value, per
 * authenticated client id or per user. Routes share the global bucket table; a route under a
 * configured path prefix uses that prefix's table; a key with an override its own bucket. A request
 * without a token is answered 429 ERR10088 with {@code Retry-After} (whole seconds, at least 1) and
 * the error JSON; with {@code responseHeaders} every response says the limit ({@link RateLimitHeaders}). IO thread; lock-free per
 * bucket, a short stripe lock for the key lookup; never blocks.
 */
public final class LimitHandler implements Middleware {
    private static final String EXCEEDED = ErrorCodes.RATE_LIMIT_EXCEEDED;
    private static final HttpString FORWARDED_FOR = HttpString.tryFromString("X-Forwarded-For");

    private final LimitConfig config;
    private final ErrorResponder errors;
    private final Status exceeded;
    private final Table global;
    private final Map<String, Table> byPrefix = new HashMap<>();
    private final Map<String, Table> byKey = new HashMap<>();
    private final RateLimitHeaders headers;
    private final HttpString headerName;

    public LimitHandler(ServiceContext context) {
        this(context.config().load("limit", LimitConfig.class), context.errors());
    }

    public LimitHandler(LimitConfig config, ErrorResponder errors) {
        this.config = config;
        this.errors = errors;
        this.exceeded = errors.catalogue().get(EXCEEDED);
        this.headers = RateLimitHeaders.of(config.responseHeaders());
        this.global = new Table("default", new TokenBuckets(config.rate(), config.burst(), config.maxKeys()), headers);
        config.pathPrefixes().forEach((prefix, r) ->
                byPrefix.put(prefix, new Table(prefix, new TokenBuckets(r.rate(), r.burst(), config.maxKeys()), headers)));
        config.overrides().forEach((key, r) ->
                byKey.put(key, new Table("override", new TokenBuckets(r.rate(), r.burst(), 1), headers)));
        this.headerName = HttpString.tryFromString(config.headerName());
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        if (PathPrefixes.wildcard(context.path()) && !byPrefix.isEmpty()) { // a /* route: by request path
            Map<String, HttpHandler> byPath = new HashMap<>();
            byPrefix.forEach((prefix, table) -> byPath.put(prefix, new Linked(table, next)));
            return PrefixRouted.of("limit", byPath, new Linked(global, next));
        }
        String prefix = PathPrefixes.longest(config.pathPrefixes(), context.path());
        return new Linked(prefix == null ? global : byPrefix.get(prefix), next);
    }

    /** The bucket table of the routes under {@code prefix} ({@code null}: the global one); for tests. */
    TokenBuckets buckets(String prefix) {
        return (prefix == null ? global : byPrefix.get(prefix)).buckets();
    }

    /** The key of a request: header value or client id when configured and present, else the address. */
    String key(HttpServerExchange exchange) {
        switch (config.key()) {
            case "header" -> {
                String v = exchange.getRequestHeaders().getFirst(headerName);
                if (v != null) {
                    return v;
                }
            }
            case "client" -> {
                String id = exchange.getAttachment(HandlerAttachments.CLIENT_ID);
                if (id != null) {
                    return id;
                }
            }
            case "user" -> {
                String user = exchange.getAttachment(HandlerAttachments.USER_ID);
                if (user != null) {
                    return user;
                }
            }
            default -> {
            }
        }
        return address(exchange);
    }

    private String address(HttpServerExchange exchange) {
        if (config.trustForwardedFor()) {
            String xff = exchange.getRequestHeaders().getFirst(FORWARDED_FOR);
            if (xff != null) {
                int comma = xff.indexOf(',');
                String first = (comma < 0 ? xff : xff.substring(0, comma)).trim();
                if (!first.isEmpty()) {
                    return first;
                }
            }
        }
        InetSocketAddress source = exchange.getSourceAddress();
        if (source == null) {
            return "unknown";
        }
        return source.getAddress() != null ? source.getAddress().getHostAddress() : source.getHostString();
    }

    private void reject(HttpServerExchange exchange, long waitNanos) {
        long seconds = Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
        String retry = Long.toString(seconds);
        String who = config.key().equals("header") ? config.headerName() : config.key();
        errors.send(exchange, exceeded, exceeded.describe("this " + who, retry), Map.of(),
                Map.of(Headers.RETRY_AFTER, retry));
    }

    @Override
    public String toString() {
        return "limit";
    }

    /** A bucket table with the name and pre-built policy header of its limit. */
    private record Table(String name, TokenBuckets buckets, String policy) {
        Table(String name, TokenBuckets buckets, RateLimitHeaders headers) {
            this(name, buckets, headers.policy(name, buckets));
        }
    }

    /** The per-route handler with its bucket table. */
    private final class Linked implements HttpHandler {
        private final Table table;
        private final HttpHandler next;

        Linked(Table table, HttpHandler next) {
            this.table = table;
            this.next = next;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            String key = key(exchange);
            Table t = byKey.isEmpty() ? table : byKey.getOrDefault(key, table);
            long taken = t.buckets().take(key, System.nanoTime());
            headers.add(exchange, t.name(), t.policy(), t.buckets(), taken);
            if (taken > 0) {
                reject(exchange, taken);
                return;
            }
            next.handleRequest(exchange);
        }

        @Override
        public String toString() {
            return "limit -> " + next;
        }
    }
}
