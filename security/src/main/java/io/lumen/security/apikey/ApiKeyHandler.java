package io.lumen.security.apikey;

import io.lumen.status.ErrorCodes;
import io.lumen.handler.ChainContext;
import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.Middleware;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.handler.prefix.PrefixRouted;
import io.lumen.security.password.KeyDigest;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code apikey} middleware ({@code apikey.yml}): a route under a configured prefix needs one of
 * that prefix's keys, from its header, query parameter or cookie. The key sent is hashed once
 * (SHA-256) and compared with each stored digest in constant time. Answers 401 ERR19210 when no key
 * is sent and ERR10075 when it is wrong. On success the entry's {@code clientId}, if any, becomes
 * {@link HandlerAttachments#CLIENT_ID}. On a wildcard route ({@code /*}) the request path picks the
 * prefix. IO thread, never blocks.
 */
public final class ApiKeyHandler implements Middleware {
    private static final Logger LOG = LoggerFactory.getLogger(ApiKeyHandler.class);
    private static final String MISSING = ErrorCodes.AUTHENTICATION_REQUIRED;
    private static final String WRONG = ErrorCodes.API_KEY_MISMATCH;

    private final ApiKeyConfig config;
    private final ErrorResponder errors;
    private final Map<String, List<Entry>> byPrefix = new LinkedHashMap<>();

    public ApiKeyHandler(ServiceContext context) {
        this(context.config().load("apikey", ApiKeyConfig.class), context.errors());
    }

    public ApiKeyHandler(ApiKeyConfig config, ErrorResponder errors) {
        this.config = config;
        this.errors = errors;
        for (ApiKeyConfig.PathPrefixAuth a : config.pathPrefixAuths()) {
            byPrefix.computeIfAbsent(a.pathPrefix(), p -> new ArrayList<>()).add(new Entry(a));
        }
        if (config.enabled() && byPrefix.isEmpty()) {
            LOG.warn("apikey.yml: no pathPrefixAuths: the apikey middleware checks no path (as light-4j's with its shipped"
                    + " apikey.yml); list the prefixes and their keys, or set enabled: false");
        }
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    /** The entries a route takes, or null when it is under no configured prefix. */
    List<Entry> entries(String routePath) {
        String prefix = PathPrefixes.longest(byPrefix, routePath);
        return prefix == null ? null : byPrefix.get(prefix);
    }

    /** Whether a request on {@code routePath} carries a key where this middleware looks for one. */
    public boolean offered(String routePath, HttpServerExchange exchange) {
        List<Entry> entries = entries(routePath);
        if (entries != null) {
            for (Entry e : entries) {
                if (e.sent(exchange) != null) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        if (PathPrefixes.wildcard(context.path())) { // a /* route: the request path picks the entries
            Map<String, HttpHandler> byPath = new LinkedHashMap<>();
            byPrefix.forEach((prefix, entries) -> byPath.put(prefix, new Linked(entries.toArray(Entry[]::new), next)));
            return PrefixRouted.of("apikey", byPath, next);
        }
        List<Entry> entries = entries(context.path());
        return entries == null ? next : new Linked(entries.toArray(Entry[]::new), next);
    }

    @Override
    public String toString() {
        return "apikey";
    }

    /** One configured entry with its digests decoded. */
    static final class Entry {
        private final ApiKeyConfig.PathPrefixAuth auth;
        private final KeyPlace place;
        private final byte[][] digests;

        Entry(ApiKeyConfig.PathPrefixAuth auth) {
            this.auth = auth;
            this.place = auth.headerName() != null ? new KeyPlace(KeyPlace.In.HEADER, auth.headerName())
                    : auth.queryName() != null ? new KeyPlace(KeyPlace.In.QUERY, auth.queryName())
                    : new KeyPlace(KeyPlace.In.COOKIE, auth.cookieName());
            this.digests = auth.apiKeys().stream().map(KeyDigest::parse).toArray(byte[][]::new);
        }

        /** The key this request sends for this entry, or null. */
        String sent(HttpServerExchange exchange) {
            return place.sent(exchange);
        }

        boolean matches(byte[] digest) {
            return KeyDigest.matchesAny(digests, digest);
        }
    }

    private final class Linked implements HttpHandler {
        private final Entry[] entries;
        private final HttpHandler next;

        Linked(Entry[] entries, HttpHandler next) {
            this.entries = entries;
            this.next = next;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            String where = null;
            for (Entry e : entries) {
                String key = e.sent(exchange);
                if (key == null) {
                    continue;
                }
                if (e.matches(KeyDigest.of(key))) {
                    if (e.auth.clientId() != null) {
                        exchange.putAttachment(HandlerAttachments.CLIENT_ID, e.auth.clientId());
                    }
                    next.handleRequest(exchange);
                    return;
                }
                where = e.auth.source();
            }
            if (where == null) {
                errors.send(exchange, MISSING, "an API key in " + entries[0].auth.source());
            } else {
                errors.send(exchange, WRONG, where);
            }
        }

        @Override
        public String toString() {
            return "apikey -> " + next;
        }
    }
}
