package io.lumen.validator.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.openapi.Operation;
import io.lumen.openapi.Parameter;
import io.undertow.util.AttachmentKey;

import java.util.List;

/**
 * A request that passed validation: its parameters converted by their schemas (an {@code integer}
 * query parameter is an integral {@link JsonNode}, an array a JSON array, ...) and its body.
 * Attached under {@link #ATTACHMENT_KEY} (also {@code OpenApiAttachments.VALIDATED}) by the {@code validator}
 * middleware. Immutable; getters return null for parameters the request does not carry.
 */
public final class ValidatedRequest {
    /** Where {@code validator} attaches the request: beside the type, as Undertow keeps its keys. */
    public static final AttachmentKey<ValidatedRequest> ATTACHMENT_KEY = AttachmentKey.create(ValidatedRequest.class);
    private final Operation operation;
    private final JsonNode[] values;
    private final JsonNode body;

    ValidatedRequest(Operation operation, JsonNode[] values, JsonNode body) {
        this.operation = operation;
        this.values = values;
        this.body = body;
    }

    public Operation operation() {
        return operation;
    }

    public JsonNode path(String name) {
        return find(Parameter.In.PATH, name);
    }

    public JsonNode query(String name) {
        return find(Parameter.In.QUERY, name);
    }

    /** A header parameter; the name is case-insensitive. */
    public JsonNode header(String name) {
        return find(Parameter.In.HEADER, name);
    }

    public JsonNode cookie(String name) {
        return find(Parameter.In.COOKIE, name);
    }

    /** The JSON body (or the form fields as an object converted by the schema); null when there is none. */
    public JsonNode body() {
        return body;
    }

    /** A parameter as a long, or {@code fallback} when absent. */
    public long longValue(Parameter.In in, String name, long fallback) {
        JsonNode v = find(in, name);
        return v == null || !v.canConvertToLong() ? fallback : v.longValue();
    }

    private JsonNode find(Parameter.In in, String name) {
        List<Parameter> params = operation.parameters();
        for (int i = 0; i < values.length; i++) {
            Parameter p = params.get(i);
            if (p.in() == in && (in == Parameter.In.HEADER ? p.name().equalsIgnoreCase(name) : p.name().equals(name))) {
                return values[i];
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "ValidatedRequest[" + operation.endpoint() + "]";
    }
}
