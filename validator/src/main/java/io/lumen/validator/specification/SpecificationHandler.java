package io.lumen.validator.specification;

import io.lumen.handler.ChainContext;
import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.Middleware;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.lumen.status.ErrorCodes;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.SpecLoader;
import io.lumen.validator.errors.SpecErrorFormats;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import io.lumen.handler.router.RouterHandler;

import java.util.Map;

/**
 * The {@code specification} middleware: matches each request to an operation of the service's
 * OpenAPI spec and attaches it ({@link OperationMatch#ATTACHMENT_KEY}), its endpoint
 * ({@link HandlerAttachments#ENDPOINT}, e.g. {@code /v1/pets/{petId}@get}) and the scopes its
 * security requirements accept ({@link HandlerAttachments#REQUIRED_SCOPES}). A path outside the
 * spec is 404 ERR10007; a known path with another method 405 ERR10008, and {@code OPTIONS} 204
 * (RFC 9110 9.3.7), both with {@code Allow}: the spec's methods, HEAD with GET, and OPTIONS.
 * Runs on the IO thread; a literal path match allocates nothing.
 */
public final class SpecificationHandler implements Middleware {
    static final String NOT_IN_SPEC = ErrorCodes.INVALID_REQUEST_PATH;
    static final String METHOD_NOT_ALLOWED = ErrorCodes.METHOD_NOT_ALLOWED;

    private final SpecificationConfig config;
    private final OperationMatcher matcher;
    private final ErrorResponder errors;
    private final String[] skip;

    public SpecificationHandler(ServiceContext context) {
        this(context.config().load("specification", SpecificationConfig.class), SpecLoader.shared(context),
                context.errors());
        SpecErrorFormats.register(context);
    }

    public SpecificationHandler(SpecificationConfig config, OpenApiSpec spec, ErrorResponder errors) {
        this.config = config;
        this.matcher = new OperationMatcher(spec.operations());
        this.errors = errors;
        this.skip = config.skipPathPrefixes().toArray(new String[0]);
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        return new Linked(next);
    }

    @Override
    public String toString() {
        return "specification";
    }

    private final class Linked implements HttpHandler {
        private final HttpHandler next;
        private final Status notFound = errors.catalogue().get(NOT_IN_SPEC);
        private final Status notAllowed = errors.catalogue().get(METHOD_NOT_ALLOWED);

        Linked(HttpHandler next) {
            this.next = next;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            String path = RequestPath.of(exchange);
            for (String prefix : skip) {
                if (PathPrefixes.matches(prefix, path)) {
                    next.handleRequest(exchange);
                    return;
                }
            }
            HttpString method = exchange.getRequestMethod();
            OperationMatcher.Result result = matcher.find(method, path);
            OperationMatch match = result.match();
            if (match == null) {
                if (result.allowed().isEmpty()) {
                    errors.send(exchange, notFound, notFound.describe(path), Map.of(), null);
                } else if (method == Methods.OPTIONS) {
                    RouterHandler.options(exchange, String.join(", ", result.allowed()));
                } else {
                    errors.send(exchange, notAllowed, notAllowed.describe(method, path), Map.of(),
                            Map.of(Headers.ALLOW, String.join(", ", result.allowed())));
                }
                return;
            }
            exchange.putAttachment(OperationMatch.ATTACHMENT_KEY, match);
            exchange.putAttachment(HandlerAttachments.ENDPOINT, match.operation().endpoint());
            exchange.putAttachment(HandlerAttachments.REQUIRED_SCOPES, match.operation().scopes());
            next.handleRequest(exchange);
        }

        @Override
        public String toString() {
            return "specification -> " + next;
        }
    }
}
