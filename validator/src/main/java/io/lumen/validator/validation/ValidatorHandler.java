package io.lumen.validator.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.handler.ChainContext;
import io.lumen.handler.FailureHandler;
import io.lumen.handler.Middleware;
import io.lumen.handler.body.BodyConfig;
import io.lumen.handler.body.ParsedBody;
import io.lumen.handler.body.RequestBodyReader;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.handler.router.RouterHandler;
import io.lumen.http.RequestShape;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.lumen.status.ErrorCodes;
import io.lumen.validator.errors.SpecErrorFormats;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.Operation;
import io.lumen.openapi.SpecLoader;
import io.lumen.validator.specification.OperationMatch;
import io.lumen.validator.specification.OperationMatcher;
import io.lumen.validator.specification.RequestPath;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The {@code validator} middleware ({@code openapi-validator.yml}): converts the path, query,
 * header and cookie parameters of each request by their schemas, validates them and the body
 * against the matched operation, and answers 400 with every error at once; valid requests go on
 * with a {@link ValidatedRequest} attached. Schemas are compiled once at startup.
 *
 * <p>The operation comes from the {@code specification} middleware when it ran, else it is matched
 * here (404 ERR10007 / 405 ERR10008 alike). The body is the {@code body} middleware's
 * {@link ParsedBody}; without that middleware in the chain the body is read here by the same reader
 * ({@link RequestBodyReader}, by body.yml's settings), asynchronously on the IO thread, attached and put
 * back for later handlers. Runs on the IO thread.
 *
 * <p>Error answer: one problem is answered with its own code (ERR11000 query missing, ERR11017
 * header missing, ERR11001 path or cookie parameter missing, ERR11010 not convertible, ERR11004 schema, ERR11013
 * unexpected body, ERR11014 body missing, 415 ERR19001 media type); several are 400 ERR11004 whose
 * description lists them all. Either way the error JSON carries {@code errors}: a list of
 * {@code {code, location, pointer, message}}.
 */
public final class ValidatorHandler implements Middleware {
    private static final Logger LOG = LoggerFactory.getLogger(ValidatorHandler.class);

    private final ValidatorConfig config;
    private final ErrorResponder errors;
    private final OperationMatcher matcher;
    private final Map<Operation, CompiledOperation> compiled = new IdentityHashMap<>();
    private final ResponseValidator responses;
    private final String[] skip;
    private final RequestBodyReader bodies;

    public ValidatorHandler(ServiceContext context) {
        this(context, ValidatorConfig.load(context.config()), SpecLoader.shared(context));
    }

    private ValidatorHandler(ServiceContext context, ValidatorConfig config, OpenApiSpec spec) {
        this(config, spec, context.errors(), SchemaCheck.shared(context, spec, config).compiler(),
                context.config().load("body", BodyConfig.class));
        SpecErrorFormats.register(context);
    }

    /** A validator that reads bodies, on chains without the {@code body} middleware, by body.yml's defaults. */
    public ValidatorHandler(ValidatorConfig config, OpenApiSpec spec, ErrorResponder errors) {
        this(config, spec, errors, new SchemaCompiler(spec, config.handleNullableField(), config.refusesReadOnly()),
                new BodyConfig(null, null, null));
    }

    private ValidatorHandler(ValidatorConfig config, OpenApiSpec spec, ErrorResponder errors, SchemaCompiler compiler,
                             BodyConfig bodyConfig) {
        this.config = config;
        this.bodies = new RequestBodyReader(bodyConfig, errors);
        this.errors = errors;
        this.matcher = new OperationMatcher(spec.operations());
        for (Operation op : spec.operations()) {
            compiled.put(op, new CompiledOperation(spec, op, compiler));
        }
        this.responses = new ResponseValidator(config.responseMode(), errors);
        this.skip = config.skipPathPrefixes().toArray(new String[0]);
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        return new Linked(next, context.failures(), context.chain().contains("body"));
    }

    @Override
    public String toString() {
        return "validator";
    }

    private final class Linked implements HttpHandler {
        private final HttpHandler next;
        private final FailureHandler failures;
        private final boolean bodyInChain;

        Linked(HttpHandler next, FailureHandler failures, boolean bodyInChain) {
            this.next = next;
            this.failures = failures;
            this.bodyInChain = bodyInChain;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            for (String prefix : skip) {
                if (PathPrefixes.matches(prefix, exchange.getRelativePath())) {
                    next.handleRequest(exchange);
                    return;
                }
            }
            OperationMatch match = exchange.getAttachment(OperationMatch.ATTACHMENT_KEY);
            if (match == null) {
                OperationMatcher.Result result = matcher.find(exchange.getRequestMethod(), RequestPath.of(exchange));
                if (result.match() == null) {
                    notInSpec(exchange, result);
                    return;
                }
                match = result.match();
            }
            CompiledOperation op = compiled.get(match.operation());
            ParsedBody body = exchange.getAttachment(ParsedBody.ATTACHMENT_KEY);
            if (body == null && !bodyInChain && RequestShape.hasBody(exchange) && exchange.isRequestChannelAvailable()) {
                OperationMatch m = match; // body.yml's reader, as the body middleware would have read it
                bodies.read(exchange, failures, ex -> validate(ex, m, op, ex.getAttachment(ParsedBody.ATTACHMENT_KEY)));
                return;
            }
            validate(exchange, match, op, body);
        }

        private void validate(HttpServerExchange exchange, OperationMatch match, CompiledOperation op, ParsedBody body)
                throws Exception {
            List<ValidationError> found = new ArrayList<>(0);
            JsonNode[] values = new JsonNode[op.parameterCount()];
            op.parameters(exchange, match, values, found);
            boolean present = body != null || RequestShape.hasBody(exchange);
            String contentType = body != null ? body.contentType() : RequestShape.mediaType(exchange);
            JsonNode json = op.body(body, present, contentType, config.skipBodyValidation(), config.coerceJsonBody(), found);
            if (!found.isEmpty()) {
                reject(exchange, op.operation, found, contentType);
                return;
            }
            exchange.putAttachment(ValidatedRequest.ATTACHMENT_KEY, new ValidatedRequest(op.operation, values, json));
            responses.watch(exchange, op);
            next.handleRequest(exchange);
        }

        @Override
        public String toString() {
            return "validator -> " + next;
        }
    }

    private void notInSpec(HttpServerExchange exchange, OperationMatcher.Result result) {
        String path = exchange.getRequestPath();
        if (result.allowed().isEmpty()) {
            errors.send(exchange, ErrorCodes.INVALID_REQUEST_PATH, path);
        } else if (exchange.getRequestMethod() == Methods.OPTIONS) {
            RouterHandler.options(exchange, String.join(", ", result.allowed()));
        } else {
            Status s = errors.catalogue().get(ErrorCodes.METHOD_NOT_ALLOWED);
            errors.send(exchange, s, s.describe(exchange.getRequestMethod(), path), Map.of(),
                    Map.of(Headers.ALLOW, String.join(", ", result.allowed())));
        }
    }

    private void reject(HttpServerExchange exchange, Operation op, List<ValidationError> found, String contentType) {
        Status status;
        String description;
        if (found.size() == 1) {
            ValidationError e = found.get(0);
            status = errors.catalogue().get(e.code());
            String name = e.location().substring(e.location().indexOf('.') + 1);
            description = switch (e.code()) {
                case ErrorCodes.VALIDATOR_REQUEST_PARAMETER_QUERY_MISSING, ErrorCodes.VALIDATOR_REQUEST_PARAMETER_MISSING,
                        ErrorCodes.VALIDATOR_REQUEST_PARAMETER_HEADER_MISSING -> status.describe(name, op.template());
                case ErrorCodes.VALIDATOR_REQUEST_PARAMETER_INVALID_FORMAT -> status.describe(e.location() + e.pointer(), e.message());
                case ErrorCodes.VALIDATOR_REQUEST_BODY_UNEXPECTED, ErrorCodes.VALIDATOR_REQUEST_BODY_MISSING -> status.describe(op.method(), op.template());
                case ErrorCodes.UNSUPPORTED_MEDIA_TYPE -> status.describe(contentType == null ? "(none)" : contentType);
                default -> status.describe(e.describe());
            };
        } else {
            status = errors.catalogue().get(CompiledOperation.SCHEMA);
            StringJoiner all = new StringJoiner("; ");
            found.forEach(e -> all.add(e.describe()));
            description = status.describe(all.toString());
        }
        if (config.logError()) {
            LOG.info("{} {} ({}) rejected: {}", exchange.getRequestMethod(), exchange.getRequestPath(), op.endpoint(), description);
        }
        List<Map<String, Object>> list = new ArrayList<>(found.size());
        for (ValidationError e : found) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("code", e.code());
            m.put("location", e.location());
            m.put("pointer", e.pointer());
            m.put("message", e.message());
            list.add(m);
        }
        errors.send(exchange, status, description, Map.of("errors", list), null);
    }
}
