package io.lumen.proxy;

import io.lumen.proxy.config.ProxyConfig;
import io.lumen.proxy.forward.Forwarder;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorCodes;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code proxy} handler ({@code proxy.yml}): the last link of a chain, it forwards the request
 * to an upstream and streams the answer back. Whatever middleware runs before it in handler.yml
 * (exception, metrics, correlation, specification, security, body, validator, audit, ...) applies
 * to proxied traffic unchanged; a body read by the body middleware is forwarded intact.
 *
 * <p>The upstreams, their pools and health checks are created once per service (shared by every
 * route that ends in {@code proxy}) and stopped with it. With {@code enabled: false} the routes
 * answer 404 ERR10048.
 */
public final class ProxyHandler implements HttpHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ProxyHandler.class);

    private final Forwarder forwarder;
    private final ServiceContext context;

    public ProxyHandler(ServiceContext context) {
        this.context = context;
        ProxyConfig config = ProxyConfig.load(context.config());
        if (config.enabled()) {
            this.forwarder = context.shared(ProxyRuntime.class, () -> new ProxyRuntime(config, context)).forwarder();
        } else {
            LOG.info("proxy.yml: enabled is false: routes ending in proxy answer 404");
            this.forwarder = null;
        }
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (forwarder == null) {
            context.errors().send(exchange, ErrorCodes.PATH_NOT_IMPLEMENTED, exchange.getRequestPath(), exchange.getRequestMethod());
            return;
        }
        forwarder.forward(exchange);
    }

    @Override
    public String toString() {
        return "proxy";
    }
}
