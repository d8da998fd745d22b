package io.lumen.codegen.operation;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.codegen.schema.Schemas;

import java.util.List;
import java.util.Map;

/**
 * A generated test's {@code multipart/form-data} request: one part per property of the synthesized
 * value, {@code format: binary} ones (and their arrays' items) as file parts, objects as JSON parts.
 */
final class MultipartBodies {
    static final String MEDIA_TYPE = "multipart/form-data";
    static final String BOUNDARY = "lumen-test-boundary";
    static final String CONTENT_TYPE = MEDIA_TYPE + "; boundary=" + BOUNDARY;

    private MultipartBodies() {
    }

    /**
     * @param schema the body schema's pointer (properties read through {@code $ref} and {@code allOf})
     * @param value  the value to send, an object
     */
    static String serialize(JsonNode bundle, String schema, JsonNode value) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, JsonNode> e : value.properties()) {
            JsonNode property = property(bundle, schema, e.getKey(), 0);
            boolean array = e.getValue().isArray();
            JsonNode items = array && property != null ? bundle.at(Schemas.deref(bundle, pointerOf(bundle, schema, e.getKey(), 0) + "/items")) : property;
            boolean file = items != null && "binary".equals(items.path("format").asText());
            for (JsonNode v : array ? e.getValue() : List.of(e.getValue())) {
                out.append("--").append(BOUNDARY).append("\r\n").append("Content-Disposition: form-data; name=\"").append(e.getKey()).append('"');
                if (file) {
                    out.append("; filename=\"").append(e.getKey()).append(".bin\"\r\nContent-Type: application/octet-stream");
                } else if (!v.isValueNode()) {
                    out.append("\r\nContent-Type: application/json");
                }
                out.append("\r\n\r\n").append(v.isValueNode() ? v.asText() : v.toString()).append("\r\n");
            }
        }
        return out.append("--").append(BOUNDARY).append("--\r\n").toString();
    }

    private static JsonNode property(JsonNode bundle, String schema, String name, int depth) {
        String at = pointerOf(bundle, schema, name, depth);
        return at == null ? null : bundle.at(Schemas.deref(bundle, at));
    }

    /** The pointer of property {@code name} in the schema or its {@code allOf} parts; null when none has it. */
    private static String pointerOf(JsonNode bundle, String schema, String name, int depth) {
        if (schema == null || depth > 16) {
            return null;
        }
        String at = Schemas.deref(bundle, schema);
        JsonNode s = bundle.at(at);
        if (s.path("properties").has(name)) {
            return at + "/properties/" + Schemas.escape(name);
        }
        for (int i = 0; i < s.path("allOf").size(); i++) {
            String found = pointerOf(bundle, at + "/allOf/" + i, name, depth + 1);
            if (found != null) {
                return found;
            }
        }
        return null;
    }
}
