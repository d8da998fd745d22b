package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Swagger 2.0 parameters as OpenAPI 3.0 parameters and request bodies: a query, path or header
 * parameter keeps its place with a schema made of its own keywords and its {@code collectionFormat}
 * as {@code style}/{@code explode}; the {@code body} parameter becomes a request body with one entry
 * per media type the operation consumes; {@code formData} parameters become the properties of one
 * form body ({@code multipart/form-data} when one is a file). Each output node's origin is recorded.
 * Problems are {@link io.lumen.config.ConfigException}s at the parameter's line. One per conversion.
 */
final class Swagger2Parameters {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String URLENCODED = "application/x-www-form-urlencoded";
    private static final String MULTIPART = "multipart/form-data";
    /** Keys of a 2.0 non-body parameter that stay on the 3.0 parameter (the others go into its schema). */
    private static final Set<String> KEPT = Set.of("name", "in", "description", "required", "deprecated", "allowEmptyValue");

    /** A parameter as the operation uses it: the node, and where it is written (a $ref's target when referenced). */
    record Found(ObjectNode node, String from) {
        String in() {
            return node.path("in").asText("");
        }

        String key() {
            return node.path("name").asText("") + "\n" + in();
        }
    }

    private final SpecSource source;
    private final PointerOrigins origins;
    private final Swagger2Schemas schemas;

    Swagger2Parameters(SpecSource source, PointerOrigins origins, Swagger2Schemas schemas) {
        this.source = source;
        this.origins = origins;
        this.schemas = schemas;
    }

    /** The parameter at {@code from}, or the local target of its {@code $ref} (a parameter $ref into another file is refused). */
    Found resolve(JsonNode parameter, String from) {
        if (!(parameter instanceof ObjectNode p)) {
            throw source.error(from, "a parameter is a map");
        }
        if (!p.path("$ref").isTextual()) {
            return new Found(p, from);
        }
        String ref = p.get("$ref").asText();
        if (!ref.startsWith("#/parameters/")) {
            throw source.error(from + "/$ref", "'" + ref + "': a Swagger 2.0 parameter $ref is converted only into this"
                    + " file's parameters (#/parameters/...); move the parameter here or convert the spec to OpenAPI 3");
        }
        JsonNode target = source.tree().at(ref.substring(1));
        if (!(target instanceof ObjectNode t)) {
            throw source.error(from + "/$ref", "$ref '" + ref + "' does not resolve: nothing at that pointer");
        }
        return new Found(t, ref.substring(1));
    }

    /** Whether the parameter stays a parameter in 3.0 (it is not the body or a form field). */
    static boolean staysParameter(Found p) {
        return !p.in().equals("body") && !p.in().equals("formData");
    }

    /** The 3.0 form of a query, path or header parameter, written at {@code to}. */
    ObjectNode parameter(Found p, String to) {
        ObjectNode out = NODES.objectNode();
        origins.put(to, p.from());
        for (Iterator<Map.Entry<String, JsonNode>> it = p.node().properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (KEPT.contains(e.getKey()) || e.getKey().startsWith("x-") && !e.getKey().equals("x-nullable")) {
                out.set(e.getKey(), e.getValue().deepCopy());
            }
        }
        if (p.node().has("schema")) {
            throw source.error(p.from() + "/schema", "only a body parameter has a schema in Swagger 2.0; give this "
                    + p.in() + " parameter a type");
        }
        out.set("schema", schemas.ofParameter(p.node(), p.from()));
        origins.put(to + "/schema", p.from());
        String format = p.node().path("collectionFormat").asText("csv");
        if (p.node().path("type").asText("").equals("array")) {
            String in = p.in();
            switch (format) {
                case "csv" -> {
                    if (in.equals("query")) {
                        out.put("style", "form").put("explode", false);
                    }
                }
                case "multi" -> requireQuery(p, format, "form", true, out);
                case "ssv" -> requireQuery(p, format, "spaceDelimited", false, out);
                case "pipes" -> requireQuery(p, format, "pipeDelimited", false, out);
                case "tsv" -> throw source.error(p.from() + "/collectionFormat", "collectionFormat tsv has no OpenAPI 3"
                        + " style, so Lumen does not convert it; use csv, ssv, pipes or multi");
                default -> throw source.error(p.from() + "/collectionFormat", "expected csv, ssv, tsv, pipes or multi, got '" + format + "'");
            }
        }
        return out;
    }

    private void requireQuery(Found p, String format, String style, boolean explode, ObjectNode out) {
        if (!p.in().equals("query")) {
            throw source.error(p.from() + "/collectionFormat", "collectionFormat " + format + " is for query parameters"
                    + " (OpenAPI 3 has no " + p.in() + " style for it)");
        }
        out.put("style", style).put("explode", explode);
    }

    /** The request body of the {@code body} parameter, one content entry per media type consumed. */
    ObjectNode body(Found p, List<String> consumes, String to) {
        JsonNode schema = p.node().get("schema");
        if (schema == null) {
            throw source.error(p.from(), "a body parameter needs a schema");
        }
        ObjectNode out = NODES.objectNode();
        origins.put(to, p.from());
        copyIfPresent(p.node(), out, "description");
        copyIfPresent(p.node(), out, "required");
        ObjectNode content = out.putObject("content");
        for (String mediaType : consumes.isEmpty() ? List.of("application/json") : consumes) {
            String at = to + "/content/" + SpecSource.escape(mediaType);
            content.putObject(mediaType).set("schema", schemas.schema(schema, p.from() + "/schema"));
            origins.put(at, p.from());
            origins.put(at + "/schema", p.from() + "/schema");
        }
        copyExtensions(p.node(), out);
        return out;
    }

    /** The request body of the {@code formData} parameters: an object schema, one property per field. */
    ObjectNode form(List<Found> fields, List<String> consumes, String to) {
        ObjectNode schema = NODES.objectNode().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = NODES.arrayNode();
        ObjectNode encoding = NODES.objectNode();
        boolean file = false;
        List<String[]> fieldOrigins = new ArrayList<>();
        for (Found f : fields) {
            String name = f.node().path("name").asText("");
            ObjectNode property = schemas.ofParameter(f.node(), f.from());
            copyIfPresent(f.node(), property, "description");
            properties.set(name, property);
            fieldOrigins.add(new String[] {name, f.from()});
            if (f.node().path("required").asBoolean(false)) {
                required.add(name);
            }
            file |= f.node().path("type").asText("").equals("file");
            String format = f.node().path("collectionFormat").asText("");
            if (f.node().path("type").asText("").equals("array") && !format.isEmpty()) {
                if (!format.equals("csv") && !format.equals("multi")) {
                    throw source.error(f.from() + "/collectionFormat", "collectionFormat " + format + " of a form field"
                            + " has no OpenAPI 3 encoding; use csv or multi");
                }
                encoding.putObject(name).put("style", "form").put("explode", format.equals("multi"));
            }
        }
        if (!required.isEmpty()) {
            schema.set("required", required);
        }
        List<String> types = consumes.stream().filter(t -> t.startsWith(URLENCODED) || t.startsWith(MULTIPART)).toList();
        if (types.isEmpty()) {
            types = List.of(file ? MULTIPART : URLENCODED);
        }
        ObjectNode out = NODES.objectNode();
        origins.put(to, fields.get(0).from());
        ObjectNode content = out.putObject("content");
        for (String mediaType : types) {
            String at = to + "/content/" + SpecSource.escape(mediaType);
            ObjectNode media = content.putObject(mediaType);
            media.set("schema", schema.deepCopy());
            if (!encoding.isEmpty()) {
                media.set("encoding", encoding.deepCopy());
            }
            for (String[] o : fieldOrigins) {
                origins.put(at + "/schema/properties/" + SpecSource.escape(o[0]), o[1]);
            }
        }
        if (fields.stream().anyMatch(f -> f.node().path("required").asBoolean(false))) {
            out.put("required", true);
        }
        return out;
    }

    static void copyIfPresent(JsonNode from, ObjectNode to, String key) {
        if (from.has(key)) {
            to.set(key, from.get(key).deepCopy());
        }
    }

    static void copyExtensions(JsonNode from, ObjectNode to) {
        from.properties().forEach(e -> {
            if (e.getKey().startsWith("x-")) {
                to.set(e.getKey(), e.getValue().deepCopy());
            }
        });
    }
}
