package io.lumen.codegen.operation;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.codegen.schema.Schemas;
import io.lumen.openapi.Operation;
import io.lumen.openapi.Parameter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The request a generated test sends to an operation: its required parameters serialized in their
 * styles (path, query, headers, cookies) and its required body in the chosen media type (JSON, a form,
 * multipart, text or bytes), from the {@link SampleValues} resolved for it.
 */
final class TestCallBuilder {
    private final JsonNode bundle;
    private final SampleValues values;

    TestCallBuilder(JsonNode bundle, SampleValues values) {
        this.bundle = bundle;
        this.values = values;
    }

    /**
     * @param bodySlot   the body's value slot (when the body is a required JSON-bound one)
     * @param paramSlots each required parameter's value slot
     */
    OperationModel.TestCall build(Operation op, OperationModel.Body body, int bodySlot, Map<Parameter, Integer> paramSlots) {
        String path = ParamSerializer.literalPath(op.template());
        List<String> query = new ArrayList<>();
        Map<String, String> headers = new LinkedHashMap<>();
        List<String> cookies = new ArrayList<>();
        for (Parameter p : op.parameters()) {
            if (!p.required()) {
                continue;
            }
            JsonNode v = values.get(paramSlots.get(p));
            switch (p.in()) {
                case PATH -> path = path.replace("{" + p.name() + "}",
                        p.json() ? ParamSerializer.enc(v.toString()) : ParamSerializer.path(p, v));
                case QUERY -> {
                    if (p.json()) {
                        query.add(ParamSerializer.enc(p.name()) + "=" + ParamSerializer.enc(v.toString()));
                    } else {
                        query.addAll(ParamSerializer.query(p, v));
                    }
                }
                case HEADER -> headers.put(p.name(), p.json() ? v.toString() : ParamSerializer.header(p, v));
                case COOKIE -> cookies.add(p.json() ? p.name() + "=" + v : ParamSerializer.cookie(p, v));
            }
        }
        if (!cookies.isEmpty()) {
            headers.put("Cookie", String.join("; ", cookies));
        }
        String text = null;
        String contentType = null;
        if (body != null && body.required()) {
            contentType = body.mediaType().contains("*") ? (body.kind() == OperationModel.Kind.TEXT ? "text/plain"
                    : body.kind() == OperationModel.Kind.JSON ? "application/json" : "application/octet-stream") : body.mediaType();
            JsonNode example = values.mediaExample(op.requestBody().pointer() + "/content/" + Schemas.escape(body.mediaType()));
            text = switch (body.kind()) {
                case TEXT -> example != null && example.isTextual() ? example.asText() : "string";
                case BYTES -> "bytes";
                default -> {
                    JsonNode v = values.get(bodySlot);
                    if (contentType.equals(MultipartBodies.MEDIA_TYPE)) {
                        contentType = MultipartBodies.CONTENT_TYPE;
                        yield MultipartBodies.serialize(bundle, op.requestBody().content().get(body.mediaType()), v);
                    }
                    yield contentType.equals("application/x-www-form-urlencoded") ? form(v) : v.toString();
                }
            };
        }
        String target = path + (query.isEmpty() ? "" : "?" + String.join("&", query));
        return new OperationModel.TestCall(target, headers, text, contentType, new TreeSet<>(op.scopes()));
    }

    private static String form(JsonNode v) {
        List<String> pairs = new ArrayList<>();
        v.properties().forEach(e -> {
            if (e.getValue().isArray()) {
                e.getValue().forEach(x -> pairs.add(ParamSerializer.enc(e.getKey()) + "=" + ParamSerializer.enc(x.asText())));
            } else {
                pairs.add(ParamSerializer.enc(e.getKey()) + "=" + ParamSerializer.enc(
                        e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString()));
            }
        });
        return String.join("&", pairs);
    }
}
