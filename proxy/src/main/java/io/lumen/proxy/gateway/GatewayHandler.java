package io.lumen.proxy.gateway;

import io.lumen.handler.prefix.UnsafePaths;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorCodes;
import io.lumen.status.ErrorResponder;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * The {@code gateway} handler (gateway.yml): the last link of a chain, it finds the request's route
 * by path prefix (and host, method, headers) and forwards the request to that route's upstream
 * service, its path rewritten as the route says. A path that could leave its prefix once an
 * upstream normalises it answers 400 ERR19216; a path no route takes, 404 ERR19215. Runs on the IO
 * thread and never blocks; the routes and services are made once per service and shared by every
 * chain ending in {@code gateway}.
 */
public final class GatewayHandler implements HttpHandler {
    private final RouteTable table;
    private final ErrorResponder errors;

    public GatewayHandler(ServiceContext context) {
        this.table = context.shared(GatewayRuntime.class, () -> new GatewayRuntime(context)).table();
        this.errors = context.errors();
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        String path = exchange.getRequestPath();
        String problem = UnsafePaths.problem(path, true);
        if (problem != null) {
            errors.send(exchange, ErrorCodes.GATEWAY_PATH_REFUSED, problem);
            return;
        }
        Route route = table.find(path, exchange);
        if (route == null) {
            errors.send(exchange, ErrorCodes.GATEWAY_NO_ROUTE, exchange.getRequestMethod(), path);
            return;
        }
        route.forward(exchange);
    }

    @Override
    public String toString() {
        return "gateway";
    }
}
