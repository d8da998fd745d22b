package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Swagger 2.0 responses as OpenAPI 3.0 responses: the {@code schema} goes into one content entry per
 * media type the operation produces (a {@code type: file} schema, with no {@code produces}, as
 * {@code application/octet-stream}), {@code examples} by media type become those entries' {@code example},
 * headers get a schema made of their own keywords, and a {@code $ref} into {@code #/responses/} points
 * into {@code components}. Each output node's origin is recorded. One per conversion.
 */
final class Swagger2Responses {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final SpecSource source;
    private final PointerOrigins origins;
    private final Swagger2Schemas schemas;

    Swagger2Responses(SpecSource source, PointerOrigins origins, Swagger2Schemas schemas) {
        this.source = source;
        this.origins = origins;
        this.schemas = schemas;
    }

    /** The responses map at {@code from}, each status (and {@code default}) converted. */
    ObjectNode responses(JsonNode responses, List<String> produces, String from, String to) {
        if (!(responses instanceof ObjectNode map)) {
            throw source.error(from, "expected a map of status codes to responses");
        }
        ObjectNode out = NODES.objectNode();
        origins.put(to, from);
        for (Iterator<Map.Entry<String, JsonNode>> it = map.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = SpecSource.escape(e.getKey());
            if (e.getKey().startsWith("x-")) {
                out.set(e.getKey(), e.getValue().deepCopy());
                origins.put(to + "/" + key, from + "/" + key);
            } else {
                out.set(e.getKey(), response(e.getValue(), produces, from + "/" + key, to + "/" + key));
            }
        }
        return out;
    }

    /** One response (or a {@code $ref} to one of {@code #/responses/}). */
    ObjectNode response(JsonNode response, List<String> produces, String from, String to) {
        if (!(response instanceof ObjectNode r)) {
            throw source.error(from, "a response is a map with a description");
        }
        origins.put(to, from);
        if (r.path("$ref").isTextual()) {
            String ref = r.get("$ref").asText();
            if (!ref.startsWith("#/responses/")) {
                throw source.error(from + "/$ref", "'" + ref + "': a Swagger 2.0 response $ref is converted only into this"
                        + " file's responses (#/responses/...); move the response here or convert the spec to OpenAPI 3");
            }
            return NODES.objectNode().put("$ref", Swagger2Schemas.ref(ref));
        }
        ObjectNode out = NODES.objectNode();
        out.put("description", r.path("description").asText(""));
        if (r.get("headers") instanceof ObjectNode headers) {
            ObjectNode h = out.putObject("headers");
            headers.properties().forEach(e -> {
                String at = "/headers/" + SpecSource.escape(e.getKey());
                h.set(e.getKey(), header(e.getValue(), from + at, to + at));
            });
        }
        JsonNode schema = r.get("schema");
        if (schema != null) {
            boolean file = schema.path("type").asText("").equals("file");
            List<String> types = !produces.isEmpty() ? produces : List.of(file ? "application/octet-stream" : "application/json");
            ObjectNode content = out.putObject("content");
            for (String mediaType : types) {
                String at = to + "/content/" + SpecSource.escape(mediaType);
                ObjectNode media = content.putObject(mediaType);
                media.set("schema", schemas.schema(schema, from + "/schema"));
                origins.put(at, from);
                origins.put(at + "/schema", from + "/schema");
                JsonNode example = r.path("examples").get(mediaType);
                if (example != null) {
                    media.set("example", example.deepCopy());
                    origins.put(at + "/example", from + "/examples/" + SpecSource.escape(mediaType));
                }
            }
        }
        Swagger2Parameters.copyExtensions(r, out);
        return out;
    }

    private ObjectNode header(JsonNode header, String from, String to) {
        if (!(header instanceof ObjectNode h)) {
            throw source.error(from, "a header is a map with a type");
        }
        ObjectNode out = NODES.objectNode();
        origins.put(to, from);
        Swagger2Parameters.copyIfPresent(h, out, "description");
        out.set("schema", schemas.ofParameter(h, from));
        String format = h.path("collectionFormat").asText("csv");
        if (h.path("type").asText("").equals("array") && !format.equals("csv")) {
            throw source.error(from + "/collectionFormat", "collectionFormat " + format + " of a header has no OpenAPI 3"
                    + " style (headers are csv, style simple)");
        }
        Swagger2Parameters.copyExtensions(h, out);
        return out;
    }
}
