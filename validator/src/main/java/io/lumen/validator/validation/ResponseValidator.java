package io.lumen.validator.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import io.lumen.handler.body.ExactJson;
import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.lumen.status.ErrorCodes;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Response validation ({@code validateResponse: log|enforce}): a conduit buffers the response
 * body ({@link CapturingConduit}); when the handler finishes it, the status, media type and JSON
 * body are checked against the operation's responses. {@code log} logs a mismatch and sends the
 * response unchanged; {@code enforce} replaces it with 500 ERR19009 (the error JSON, listing the
 * problems). Chunked responses (no Content-Length) and HEAD requests are not checked. Meant for
 * tests and staging: it holds each response in memory.
 */
final class ResponseValidator {
    private static final Logger LOG = LoggerFactory.getLogger(ResponseValidator.class);
    private static final String RESPONSE_INVALID = ErrorCodes.VALIDATOR_RESPONSE_SCHEMA;
    private static final ObjectMapper JSON = ExactJson.MAPPER;
    /** Undertow refuses setStatusCode once the response channel exists; enforce needs to change it. */
    private static final VarHandle STATE = stateHandle();
    private static final int RESPONSE_SENT = 1 << 10;

    private final ValidatorConfig.ResponseMode mode;
    private final ErrorResponder errors;

    ResponseValidator(ValidatorConfig.ResponseMode mode, ErrorResponder errors) {
        this.mode = mode;
        this.errors = errors;
    }

    void watch(HttpServerExchange exchange, CompiledOperation op) {
        if (mode == ValidatorConfig.ResponseMode.OFF || exchange.getRequestMethod().equals(Methods.HEAD)) {
            return;
        }
        exchange.addResponseWrapper((factory, ex) -> ex.getResponseHeaders().contains(Headers.CONTENT_LENGTH)
                ? new CapturingConduit(factory, ex, body -> complete(ex, op, body))
                : factory.create());
    }

    /** Returns the bytes to send: the body as is, or (enforce, invalid) the error JSON. */
    private byte[] complete(HttpServerExchange exchange, CompiledOperation op, byte[] body) {
        List<ValidationError> problems = check(exchange, op, body);
        if (problems.isEmpty()) {
            return body;
        }
        StringJoiner all = new StringJoiner("; ");
        problems.forEach(p -> all.add(p.describe()));
        Status status = errors.catalogue().get(RESPONSE_INVALID);
        String description = status.describe(all.toString());
        if (mode == ValidatorConfig.ResponseMode.LOG || !setStatus(exchange, status.statusCode())) {
            LOG.warn("{} {} ({}) answered {} against the spec: {}", exchange.getRequestMethod(), exchange.getRequestPath(),
                    op.operation.endpoint(), exchange.getStatusCode(), all);
            return body;
        }
        LOG.error("{} {} ({}): response replaced by {}: {}", exchange.getRequestMethod(), exchange.getRequestPath(),
                op.operation.endpoint(), RESPONSE_INVALID, all);
        List<Map<String, Object>> list = new ArrayList<>();
        for (ValidationError p : problems) { // the same fields as a request error
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("code", RESPONSE_INVALID);
            m.put("location", p.location());
            m.put("pointer", p.pointer());
            m.put("message", p.message());
            list.add(m);
        }
        ErrorResponder.ErrorBody error = errors.render(exchange, status, description, Map.of("errors", list));
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, error.mediaType());
        exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, error.bytes().length);
        return error.bytes();
    }

    /** The response's problems: location {@code response} (status, media type) or {@code response.body} with a pointer. */
    private static List<ValidationError> check(HttpServerExchange exchange, CompiledOperation op, byte[] body) {
        List<ValidationError> problems = new ArrayList<>();
        int code = exchange.getStatusCode();
        Map<String, Schema> declared = op.responses(code);
        if (declared == null) {
            problems.add(problem("status " + code + " is not declared"));
            return problems;
        }
        if (body.length == 0) {
            return problems;
        }
        String ct = exchange.getResponseHeaders().getFirst(Headers.CONTENT_TYPE);
        String mediaType = ct == null ? null : ct.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        if (declared.isEmpty()) {
            problems.add(problem("status " + code + " declares no content but the response has a body"));
            return problems;
        }
        String key = mediaType == null ? null : declared.containsKey(mediaType) ? mediaType
                : declared.containsKey(mediaType.split("/")[0] + "/*") ? mediaType.split("/")[0] + "/*"
                : declared.containsKey("*/*") ? "*/*" : null;
        if (key == null) {
            problems.add(problem("media type " + mediaType + " is not declared for status " + code));
            return problems;
        }
        Schema schema = declared.get(key);
        if (schema == null || !(mediaType.equals("application/json") || mediaType.endsWith("+json"))) {
            return problems;
        }
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (IOException | IllegalArgumentException e) {
            problems.add(new ValidationError(RESPONSE_INVALID, "response.body", "", "the body is not JSON"));
            return problems;
        }
        CompiledOperation.schema(schema, json, "response.body", problems);
        return problems;
    }

    private static ValidationError problem(String message) {
        return new ValidationError(RESPONSE_INVALID, "response", "", message);
    }

    private static boolean setStatus(HttpServerExchange exchange, int status) {
        if (STATE == null) {
            return false;
        }
        int state = (int) STATE.get(exchange);
        STATE.set(exchange, state & ~RESPONSE_SENT);
        try {
            exchange.setStatusCode(status); // the status lives in the low bits of the same field
        } finally {
            STATE.set(exchange, (int) STATE.get(exchange) | (state & RESPONSE_SENT));
        }
        return true;
    }

    private static VarHandle stateHandle() {
        try {
            return MethodHandles.privateLookupIn(HttpServerExchange.class, MethodHandles.lookup())
                    .findVarHandle(HttpServerExchange.class, "state", int.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.warn("validateResponse: enforce cannot change the status on this Undertow ({}); mismatches are logged only", e.toString());
            return null;
        }
    }
}
