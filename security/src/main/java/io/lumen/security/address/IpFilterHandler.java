package io.lumen.security.address;

import io.lumen.status.ErrorCodes;
import io.lumen.handler.ChainContext;
import io.lumen.handler.Middleware;
import io.lumen.handler.address.AddressRanges;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.handler.prefix.PrefixRouted;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code ipfilter} middleware ({@code ip-filter.yml}): lets a request pass when its client
 * address ({@link ClientAddress}) is in no denied range and, if allowed ranges are configured, in
 * one of them; else 403 ERR10049. The rule of a route (global or its longest path prefix's) is
 * chosen at startup; on a wildcard route ({@code /*}) by the request path. IO thread; no allocation beyond reading a forwarded header; never asks DNS.
 */
public final class IpFilterHandler implements Middleware {
    private static final String REFUSED = ErrorCodes.INVALID_IP_FOR_PATH;

    private final IpFilterConfig config;
    private final ErrorResponder errors;
    private final ClientAddress clients;

    public IpFilterHandler(ServiceContext context) {
        this(load(context), context.errors());
    }

    private static IpFilterConfig load(ServiceContext context) {
        Light4jWhitelist.refuseUnreadRules(context.config()); // light-4j's whitelist.yml rules are not ip-filter.yml's
        return context.config().load("ip-filter", IpFilterConfig.class);
    }

    public IpFilterHandler(IpFilterConfig config, ErrorResponder errors) {
        this.config = config;
        this.errors = errors;
        this.clients = new ClientAddress(config.trustedProxies());
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        IpFilterConfig.Rule global = new IpFilterConfig.Rule(config.allow(), config.deny());
        if (PathPrefixes.wildcard(context.path())) { // a /* route: the request path picks the rule
            Map<String, HttpHandler> byPath = new LinkedHashMap<>();
            config.pathPrefixes().forEach((prefix, rule) -> byPath.put(prefix, linked(rule, next)));
            return PrefixRouted.of("ipfilter", byPath, linked(global, next));
        }
        String prefix = PathPrefixes.longest(config.pathPrefixes(), context.path());
        return linked(prefix == null ? global : config.pathPrefixes().get(prefix), next);
    }

    private Linked linked(IpFilterConfig.Rule rule, HttpHandler next) {
        AddressRanges allow = rule.allow().isEmpty() ? null : AddressRanges.parse("allow", rule.allow());
        return new Linked(allow, AddressRanges.parse("deny", rule.deny()), next);
    }

    @Override
    public String toString() {
        return "ipfilter";
    }

    private final class Linked implements HttpHandler {
        private final AddressRanges allow; // null: any not denied
        private final AddressRanges deny;
        private final HttpHandler next;

        Linked(AddressRanges allow, AddressRanges deny, HttpHandler next) {
            this.allow = allow;
            this.deny = deny;
            this.next = next;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            InetAddress client = clients.of(exchange);
            if (client == null || deny.contains(client) || allow != null && !allow.contains(client)) {
                errors.send(exchange, REFUSED, client == null ? "an unknown address" : client.getHostAddress());
                return;
            }
            next.handleRequest(exchange);
        }

        @Override
        public String toString() {
            return "ipfilter -> " + next;
        }
    }
}
