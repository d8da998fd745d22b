package io.lumen.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import io.lumen.handler.Blocking;
import io.lumen.handler.body.FormPart;
import io.lumen.handler.body.ParsedBody;
import io.lumen.http.RequestShape;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.ErrorCodes;
import io.lumen.validator.OpenApiAttachments;
import io.lumen.validator.validation.ValidatedRequest;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The base of every generated operation adapter: takes the {@link ValidatedRequest} the
 * {@code validator} middleware attached (parameters converted by their schemas, the body parsed
 * once), lets the subclass bind it to the typed request and call the implementation, and writes
 * the typed {@link ApiResponse} with the media type and JSON writer prepared at startup.
 *
 * <p>Runs where the chain puts it: on the IO thread, or, when the generated adapter answers
 * {@link Blocking#blocks()} true (its implementation is {@code Blocking} and blocks), after the
 * chain engine's one dispatch to the service's blocking executor (virtual threads on Java 21+, else
 * the worker pool) with the exchange in blocking mode. That is decided once when the chain is
 * linked at startup; nothing is checked per request. Binding failures (a value
 * the validator accepted but the Java type cannot hold, such as an unformatted integer beyond 64
 * bits) answer 400 ERR11010; anything the implementation throws goes to the {@code exception}
 * middleware ({@code StatusException}s keep their status, others are 500 ERR10010). Without the
 * validator in the route's chain every request answers 500 ERR10010 and the mistake is logged.
 */
public abstract class OperationHandler implements HttpHandler {
    private static final Logger LOG = LoggerFactory.getLogger(OperationHandler.class);

    private final String operationId;
    private final ErrorResponder errors;
    private final ObjectMapper json;
    private final ResponseWriter writer;
    private volatile boolean reportedMissingValidator;

    /**
     * @param context     the service
     * @param operationId for logs and errors
     * @param responses   the documented responses
     */
    protected OperationHandler(ServiceContext context, String operationId, List<ResponseType> responses) {
        this.operationId = operationId;
        this.errors = context.errors();
        this.json = RestJson.mapper(context);
        this.writer = new ResponseWriter(json, responses);
    }

    /** Binds the validated request, calls the implementation and returns its answer. */
    protected abstract ApiResponse invoke(ValidatedRequest request, HttpServerExchange exchange) throws Exception;

    @Override
    public final void handleRequest(HttpServerExchange exchange) throws Exception {
        ValidatedRequest request = exchange.getAttachment(OpenApiAttachments.VALIDATED);
        if (request == null) {
            if (!reportedMissingValidator) {
                reportedMissingValidator = true;
                LOG.error("{}: no validated request; put 'validator' (after 'specification' and 'body') in the "
                        + "chain of {} {}", operationId, exchange.getRequestMethod(), exchange.getRequestPath());
            }
            errors.send(exchange, ErrorCodes.RUNTIME_EXCEPTION);
            return;
        }
        ApiResponse response = invoke(request, exchange);
        if (exchange.isResponseStarted()) {
            return; // the implementation answered by itself
        }
        if (response == null) {
            throw new IllegalStateException(operationId + " returned no response");
        }
        writer.write(exchange, response);
    }

    /** A reader for a parameter or body type, prepared once in the subclass constructor. */
    protected final ObjectReader reader(TypeReference<?> type) {
        return json.readerFor(json.getTypeFactory().constructType(type));
    }

    /** A converted value bound to its Java type; null when absent. */
    protected final <T> T bind(ObjectReader reader, JsonNode value, String location) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return null;
        }
        try {
            return reader.readValue(value);
        } catch (IOException | RuntimeException e) {
            throw errors.exception(ErrorCodes.VALIDATOR_REQUEST_PARAMETER_INVALID_FORMAT, location, "the value does not fit its Java type ("
                    + (e instanceof JsonProcessingException p ? p.getOriginalMessage() : e.getMessage())
                    + ")");
        }
    }

    /**
     * The request body bound to its type: the JSON body, or form or multipart fields the validator
     * converted by the schema; a multipart file part binds to a {@link FormPart} component (name, file
     * name, media type, stream) or, to a {@code String} one, as its file name. A body in another media
     * type the spec declares (XML, text, ...) passes the validator unread and has no tree to bind: it
     * answers 415 ERR19001 naming what this operation reads, instead of handing the implementation a
     * null body. Null when the request has no body.
     */
    protected final <T> T bindBody(ObjectReader reader, ValidatedRequest request, HttpServerExchange exchange) {
        JsonNode value = request.body();
        ParsedBody parsed = exchange.getAttachment(ParsedBody.ATTACHMENT_KEY);
        if (value == null && carriesBytes(exchange)) {
            String mediaType = RequestShape.mediaType(exchange);
            throw errors.exception(ErrorCodes.UNSUPPORTED_MEDIA_TYPE, (mediaType == null ? "(none)" : mediaType)
                    + " (" + operationId + " reads application/json, application/x-www-form-urlencoded and multipart/form-data bodies)");
        }
        if (value instanceof ObjectNode fields && parsed != null && parsed.parts() != null) {
            value = withFiles(fields, parsed.parts());
        }
        return bind(reader, value, "body");
    }

    /** The validated fields with each file part in place of its file name, for Jackson to hand over as is. */
    private static JsonNode withFiles(ObjectNode fields, List<FormPart> parts) {
        ObjectNode out = fields.deepCopy();
        Map<String, Integer> seen = new HashMap<>();
        for (FormPart part : parts) {
            if (!part.isFile()) {
                continue;
            }
            int index = seen.merge(part.name(), 1, Integer::sum) - 1;
            JsonNode at = out.get(part.name());
            if (at instanceof ArrayNode array && index < array.size()) {
                array.set(index, new POJONode(part));
            } else if (at != null && !at.isArray()) {
                out.set(part.name(), new POJONode(part));
            }
        }
        return out;
    }

    private static boolean carriesBytes(HttpServerExchange exchange) {
        ParsedBody parsed = exchange.getAttachment(ParsedBody.ATTACHMENT_KEY);
        return parsed != null ? parsed.raw() != null && parsed.raw().length > 0 : RequestShape.hasBody(exchange);
    }

    /** A string value; null when absent. */
    protected static String string(JsonNode value) {
        return value == null || value.isNull() ? null : value.asText();
    }

    /** An {@code int32} value (range-checked by the validator); null when absent. */
    protected static Integer int32(JsonNode value) {
        return value == null || value.isNull() ? null : value.intValue();
    }

    /** A 64-bit integer; an integer beyond 64 bits answers 400 ERR11010. */
    protected final Long int64(JsonNode value, String location) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.canConvertToLong() || !value.isIntegralNumber()) {
            throw errors.exception(ErrorCodes.VALIDATOR_REQUEST_PARAMETER_INVALID_FORMAT, location, "'" + value.asText() + "' does not fit a 64-bit integer");
        }
        return value.longValue();
    }

    /** A boolean value; null when absent. */
    protected static Boolean bool(JsonNode value) {
        return value == null || value.isNull() ? null : value.booleanValue();
    }

    /** A {@code number} value as a double; null when absent. */
    protected static Double number(JsonNode value) {
        return value == null || value.isNull() ? null : value.doubleValue();
    }

    /** The body as bytes (media types other than JSON and forms); null when there is none. */
    protected static byte[] rawBody(HttpServerExchange exchange) {
        ParsedBody body = exchange.getAttachment(ParsedBody.ATTACHMENT_KEY);
        return body == null ? null : body.raw();
    }

    /** The body as text (UTF-8 unless the body middleware decoded it with the request's charset). */
    protected static String textBody(HttpServerExchange exchange) {
        ParsedBody body = exchange.getAttachment(ParsedBody.ATTACHMENT_KEY);
        if (body == null) {
            return null;
        }
        return body.text() != null ? body.text() : new String(body.raw(), StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return operationId;
    }
}
