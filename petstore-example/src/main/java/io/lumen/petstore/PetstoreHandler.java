package io.lumen.petstore;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.handler.Blocking;
import io.lumen.handler.router.PathParams;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.ErrorCodes;
import io.lumen.validator.OpenApiAttachments;
import io.lumen.validator.validation.ValidatedRequest;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

import java.nio.ByteBuffer;

/**
 * What the petstore handlers share: the store, the error writer and JSON responses. A handler
 * blocks when its store does ({@link PetStore#blocking()}: the JDBC store), and the chain engine
 * then runs it on a virtual thread (Java 21+) or the worker pool; with the in-memory store it runs
 * on the IO thread.
 */
abstract class PetstoreHandler implements HttpHandler, Blocking {
    /** Lumen's codes the handlers answer with beside the petstore's own ({@link PetstoreCodes}). */
    static final String INVALID_PARAMETER = ErrorCodes.VALIDATOR_REQUEST_PARAMETER_INVALID_FORMAT;
    static final String HEADER_MISSING = ErrorCodes.VALIDATOR_REQUEST_PARAMETER_HEADER_MISSING;

    private static final String JSON = "application/json";

    final PetStore store;
    final ErrorResponder errors;
    final ObjectMapper json;

    PetstoreHandler(ServiceContext context) {
        this.json = context.config().mapper();
        this.store = PetStores.of(context);
        this.errors = context.errors();
    }

    @Override
    public boolean blocks() {
        return store.blocking();
    }

    void sendJson(HttpServerExchange exchange, int status, ByteBuffer body) {
        exchange.setStatusCode(status);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, JSON);
        exchange.getResponseSender().send(body);
    }

    void sendJson(HttpServerExchange exchange, int status, Object value) {
        try {
            sendJson(exchange, status, ByteBuffer.wrap(json.writeValueAsBytes(value)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value, e);
        }
    }

    /** The validator's converted, validated input; null on routes without the validator (config/petstore/http). */
    static ValidatedRequest validated(HttpServerExchange exchange) {
        return exchange.getAttachment(OpenApiAttachments.VALIDATED);
    }

    /** Parses the {@code petId} path parameter; answers 400 and returns null when it is not an int64. */
    Long petId(HttpServerExchange exchange) {
        var validated = validated(exchange);
        if (validated != null && validated.path("petId") != null) {
            return validated.path("petId").longValue();
        }
        String raw = PathParams.of(exchange).get("petId");
        try {
            return Long.parseLong(raw);
        } catch (NumberFormatException e) {
            errors.send(exchange, INVALID_PARAMETER, "petId", "'" + raw + "' is not an int64");
            return null;
        }
    }
}
