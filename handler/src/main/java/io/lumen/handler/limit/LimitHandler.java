package io.lumen.handler.limit;

import io.lumen.handler.ChainContext;
import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.Middleware;
import io.lumen.handler.prefix.PathPrefixes;
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
 * Rate limiting with token buckets ({@code limit.yml}), per client address, per header value or
 * per authenticated client id. Routes share the global bucket table; a route under a configured
 * path prefix uses that prefix's table. A request without a token is answered 429 ERR10088 with
 * {@code Retry-After} (whole seconds, at least 1) and the error JSON. IO thread; lock-free per
 * bucket, a short stripe lock for the key lookup; never blocks.
 */
public final class LimitHandler implements Middleware {
    private static final String EXCEEDED = ErrorCodes.RATE_LIMIT_EXCEEDED;
    private static final HttpString FORWARDED_FOR = HttpString.tryFromString("X-Forwarded-For");

    private final LimitConfig config;
    private final ErrorResponder errors;
    private final Status exceeded;
    private final TokenBuckets global;
    private final Map<String, TokenBuckets> byPrefix = new HashMap<>();
    private final HttpString headerName;

    public LimitHandler(ServiceContext context) {
        this(context.config().load("limit", LimitConfig.class), context.errors());
    }

    public LimitHandler(LimitConfig config, ErrorResponder errors) {
        this.config = config;
        this.errors = errors;
        this.exceeded = errors.catalogue().get(EXCEEDED);
        this.global = new TokenBuckets(config.rate(), config.burst(), config.maxKeys());
        config.pathPrefixes().forEach((prefix, r) ->
                byPrefix.put(prefix, new TokenBuckets(r.rate(), r.burst(), config.maxKeys())));
        this.headerName = HttpString.tryFromString(config.headerName());
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        String prefix = PathPrefixes.longest(config.pathPrefixes(), context.path());
        return new Linked(prefix == null ? global : byPrefix.get(prefix), next);
    }

    /** The bucket table of the routes under {@code prefix} ({@code null}: the global one); for tests. */
    TokenBuckets buckets(String prefix) {
        return prefix == null ? global : byPrefix.get(prefix);
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

    /** The per-route handler with its bucket table. */
    private final class Linked implements HttpHandler {
        private final TokenBuckets buckets;
        private final HttpHandler next;

        Linked(TokenBuckets buckets, HttpHandler next) {
            this.buckets = buckets;
            this.next = next;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            long wait = buckets.acquire(key(exchange), System.nanoTime());
            if (wait > 0) {
                reject(exchange, wait);
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
