package io.lumen.web.resource;

import io.lumen.status.ErrorCodes;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.handler.prefix.UnsafePaths;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.util.Comparator;
import java.util.List;

/**
 * The {@code static} handler (also {@code resource}; {@code static.yml}): answers a request from the
 * location whose prefix is the longest match of the request path, typically on a wildcard route
 * ({@code /app/*}). A hostile path is answered 400 ERR19203 before any lookup ({@link UnsafePaths}); a
 * path under no location 404 ERR19202. Starts on the IO thread: small files kept in memory are answered
 * there ({@link SmallFiles}); for anything else Undertow's resource handler moves the file-system work
 * to the worker pool.
 */
public final class StaticHandler implements HttpHandler {
    private static final String HOSTILE = ErrorCodes.RESOURCE_PATH_REFUSED;
    private static final String NOT_FOUND = ErrorCodes.RESOURCE_NOT_FOUND;

    private final ErrorResponder errors;
    private final ServedLocation[] locations; // longest prefix first

    public StaticHandler(ServiceContext context) {
        this(context.config().load("static", StaticConfig.class), context.errors());
    }

    public StaticHandler(StaticConfig config, ErrorResponder errors) {
        this.errors = errors;
        List<ServedLocation> served = config.locations().stream()
                .map(l -> new ServedLocation(l, errors))
                .sorted(Comparator.comparingInt((ServedLocation l) -> l.prefix().length()).reversed())
                .toList();
        this.locations = served.toArray(ServedLocation[]::new);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        String path = exchange.getRequestPath();
        if (UnsafePaths.problem(path, false) != null) {
            errors.send(exchange, HOSTILE, path);
            return;
        }
        for (ServedLocation l : locations) {
            if (PathPrefixes.matches(l.prefix(), path)) {
                String rest = l.prefix().equals("/") ? path : path.substring(l.prefix().length());
                l.serve(exchange, rest.isEmpty() ? "/" : rest);
                return;
            }
        }
        errors.send(exchange, NOT_FOUND, path);
    }

    @Override
    public String toString() {
        return "static";
    }
}
