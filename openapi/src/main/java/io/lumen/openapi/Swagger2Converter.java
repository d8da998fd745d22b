package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lumen.http.HttpMethods;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Swagger 2.0 document as an OpenAPI 3.0 document, made when the spec is loaded, so the validator,
 * the security middleware, the specification endpoints, the generator and the Spring starters read one
 * model. {@code host}/{@code basePath}/{@code schemes} become {@code servers}; {@code definitions},
 * {@code parameters} (all but body and form fields, which are put where they are used), {@code responses}
 * and {@code securityDefinitions} move under {@code components}; parameters, bodies and responses are
 * converted by {@link Swagger2Parameters} and {@link Swagger2Responses}, schemas by {@link Swagger2Schemas}.
 * The result is a {@link SpecSource} whose errors name the line and key of the file as written
 * ({@link PointerOrigins}). What is not converted is refused at its line (see docs/validator.md).
 */
final class Swagger2Converter {
    static final String OPENAPI_VERSION = "3.0.3";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Logger LOG = LoggerFactory.getLogger(Swagger2Converter.class);
    /** Operation keys that have no place in 3.0 (consumes/produces go into content maps, parameters are converted). */
    private static final Set<String> OPERATION_KEYS_CONVERTED = Set.of("consumes", "produces", "schemes", "parameters", "responses");
    private static final Map<String, String> FLOWS = Map.of("implicit", "implicit", "password", "password",
            "application", "clientCredentials", "accessCode", "authorizationCode");

    private final SpecSource source;
    private final ObjectNode in;
    private final PointerOrigins origins = new PointerOrigins();
    private final Swagger2Schemas schemas = new Swagger2Schemas();
    private final Swagger2Parameters parameters;
    private final Swagger2Responses responses;

    private Swagger2Converter(SpecSource source, ObjectNode in) {
        this.source = source;
        this.in = in;
        this.parameters = new Swagger2Parameters(source, origins, schemas);
        this.responses = new Swagger2Responses(source, origins, schemas);
    }

    /** Whether a root document is Swagger 2.0 (it says {@code swagger:}, not {@code openapi:}). */
    static boolean isSwagger2(JsonNode root) {
        return root.has("swagger") && !root.has("openapi");
    }

    /** The OpenAPI 3.0 form of the Swagger 2.0 file {@code source}, its errors located in that file. */
    static SpecSource convert(SpecSource source) {
        ObjectNode in = (ObjectNode) source.tree();
        JsonNode version = in.get("swagger");
        if (!version.isTextual() || !version.asText().equals("2.0")) {
            throw source.error("/swagger", "expected swagger: \"2.0\" (or openapi: 3.0.x / 3.1.x), got " + version);
        }
        Swagger2Converter c = new Swagger2Converter(source, in);
        ObjectNode document = c.document();
        warnDroppedTuples(source, c.schemas.droppedTuples());
        return new SpecSource(source.name(), document, source.lines(), c.origins);
    }

    /** One warning for every list-valued {@code items} dropped (see {@link Swagger2Schemas}), naming the first. */
    static void warnDroppedTuples(SpecSource source, Set<String> pointers) {
        if (!pointers.isEmpty()) {
            LOG.warn("{} ({} place(s) in all: items given as a list, JSON Schema draft 4's tuple form, is neither Swagger 2.0"
                    + " nor OpenAPI 3.0; dropped, so such arrays are not checked item by item)",
                    source.error(pointers.iterator().next(), "items is a list").getMessage(), pointers.size());
        }
    }

    private ObjectNode document() {
        ObjectNode out = NODES.objectNode();
        out.put("openapi", OPENAPI_VERSION);
        origins.put("/openapi", "/swagger");
        in.properties().forEach(e -> {
            String key = e.getKey();
            if (key.equals("info") || key.equals("tags") || key.equals("externalDocs") || key.equals("security") || key.startsWith("x-")) {
                out.set(key, e.getValue().deepCopy());
            }
        });
        servers(out);
        List<String> consumes = mediaTypes(in, "/consumes", List.of());
        List<String> produces = mediaTypes(in, "/produces", List.of());
        ObjectNode paths = out.putObject("paths");
        if (in.has("paths") && !(in.get("paths") instanceof ObjectNode)) {
            throw source.error("/paths", "expected a map of paths to path items");
        }
        in.path("paths").properties().forEach(e -> {
            String at = "/paths/" + SpecSource.escape(e.getKey());
            paths.set(e.getKey(), e.getKey().startsWith("x-") ? e.getValue().deepCopy() : pathItem(e.getValue(), consumes, produces, at));
        });
        components(out, produces);
        return out;
    }

    /** {@code host}, {@code basePath} and {@code schemes} as one server per scheme (a relative URL without a host). */
    private void servers(ObjectNode out) {
        String host = in.path("host").asText("");
        String basePath = in.path("basePath").asText("");
        if (!basePath.isEmpty() && !basePath.startsWith("/")) {
            throw source.error("/basePath", "a basePath starts with '/', got '" + basePath + "'");
        }
        if (host.contains("/")) {
            throw source.error("/host", "a host is a name or address with an optional port, without scheme or path; got '" + host + "'");
        }
        if (host.isEmpty() && basePath.isEmpty()) {
            return;
        }
        List<String> schemes = new ArrayList<>();
        in.path("schemes").forEach(s -> schemes.add(s.asText()));
        if (schemes.isEmpty()) {
            schemes.add("https");
        }
        ArrayNode servers = out.putArray("servers");
        String origin = in.has("basePath") ? "/basePath" : "/host";
        if (host.isEmpty()) {
            servers.addObject().put("url", basePath);
            origins.put("/servers/0", origin);
            return;
        }
        for (String scheme : schemes) {
            origins.put("/servers/" + servers.size(), origin);
            servers.addObject().put("url", scheme + "://" + host + basePath);
        }
    }

    private ObjectNode pathItem(JsonNode item, List<String> consumes, List<String> produces, String from) {
        if (!(item instanceof ObjectNode pathItem)) {
            throw source.error(from, "a path item is a map of methods to operations");
        }
        if (pathItem.has("$ref")) {
            throw source.error(from + "/$ref", "a path item $ref is not converted from Swagger 2.0; write the path item here");
        }
        ObjectNode out = NODES.objectNode();
        origins.put(from, from);
        List<Swagger2Parameters.Found> shared = found(pathItem.get("parameters"), from + "/parameters");
        ArrayNode kept = NODES.arrayNode();
        for (int i = 0; i < shared.size(); i++) {
            if (Swagger2Parameters.staysParameter(shared.get(i))) {
                kept.add(parameterOrRef(pathItem.get("parameters").get(i), shared.get(i), from + "/parameters/" + i,
                        from + "/parameters/" + kept.size()));
            }
        }
        if (!kept.isEmpty()) {
            out.set("parameters", kept);
        }
        pathItem.properties().forEach(e -> {
            String key = e.getKey();
            String at = from + "/" + SpecSource.escape(key);
            if (HttpMethods.PATH_ITEM_KEYS.contains(key)) {
                out.set(key, operation(e.getValue(), shared, consumes, produces, at));
            } else if (!key.equals("parameters")) {
                out.set(key, e.getValue().deepCopy());
            }
        });
        return out;
    }

    private ObjectNode operation(JsonNode operation, List<Swagger2Parameters.Found> shared, List<String> globalConsumes,
                                 List<String> globalProduces, String from) {
        if (!(operation instanceof ObjectNode op)) {
            throw source.error(from, "an operation is a map");
        }
        ObjectNode out = NODES.objectNode();
        origins.put(from, from);
        List<String> consumes = mediaTypes(op, from + "/consumes", globalConsumes);
        List<String> produces = mediaTypes(op, from + "/produces", globalProduces);
        op.properties().forEach(e -> {
            if (!OPERATION_KEYS_CONVERTED.contains(e.getKey())) {
                out.set(e.getKey(), e.getValue().deepCopy());
            }
        });
        List<Swagger2Parameters.Found> own = found(op.get("parameters"), from + "/parameters");
        Map<String, Swagger2Parameters.Found> all = new LinkedHashMap<>();
        shared.forEach(p -> all.put(p.key(), p));
        own.forEach(p -> all.put(p.key(), p)); // an operation's parameter overrides the path item's of the same name and place
        ArrayNode params = NODES.arrayNode();
        Swagger2Parameters.Found body = null;
        List<Swagger2Parameters.Found> form = new ArrayList<>();
        for (Swagger2Parameters.Found p : all.values()) {
            if (p.in().equals("body")) {
                if (body != null) {
                    throw source.error(p.from(), "a second body parameter (Swagger 2.0 allows one per operation)");
                }
                body = p;
            } else if (p.in().equals("formData")) {
                form.add(p);
            } else if (own.contains(p)) {
                int index = own.indexOf(p);
                params.add(parameterOrRef(op.get("parameters").get(index), p, from + "/parameters/" + index,
                        from + "/parameters/" + params.size()));
            }
        }
        if (body != null && !form.isEmpty()) {
            throw source.error(form.get(0).from(), "formData and body parameters in one operation (Swagger 2.0 forbids it)");
        }
        if (!params.isEmpty()) {
            out.set("parameters", params);
        }
        if (body != null) {
            out.set("requestBody", parameters.body(body, consumes, from + "/requestBody"));
        } else if (!form.isEmpty()) {
            out.set("requestBody", parameters.form(form, consumes, from + "/requestBody"));
        }
        if (op.has("responses")) {
            out.set("responses", responses.responses(op.get("responses"), produces, from + "/responses", from + "/responses"));
        }
        return out;
    }

    /** A parameter written in place is converted; a {@code $ref} to a parameter that stays one is kept as a ref into components. */
    private ObjectNode parameterOrRef(JsonNode written, Swagger2Parameters.Found p, String writtenAt, String to) {
        if (written.path("$ref").isTextual()) {
            origins.put(to, writtenAt);
            return NODES.objectNode().put("$ref", Swagger2Schemas.ref(written.get("$ref").asText()));
        }
        return parameters.parameter(p, to);
    }

    private List<Swagger2Parameters.Found> found(JsonNode list, String from) {
        List<Swagger2Parameters.Found> found = new ArrayList<>();
        if (list == null) {
            return found;
        }
        if (!list.isArray()) {
            throw source.error(from, "expected a list of parameters");
        }
        for (int i = 0; i < list.size(); i++) {
            found.add(parameters.resolve(list.get(i), from + "/" + i));
        }
        return found;
    }

    private List<String> mediaTypes(JsonNode node, String pointer, List<String> otherwise) {
        JsonNode list = node.get(pointer.substring(pointer.lastIndexOf('/') + 1));
        if (list == null) {
            return otherwise;
        }
        if (!list.isArray()) {
            throw source.error(pointer, "expected a list of media types");
        }
        List<String> types = new ArrayList<>();
        list.forEach(t -> types.add(t.asText()));
        return types;
    }

    private void components(ObjectNode out, List<String> produces) {
        ObjectNode components = NODES.objectNode();
        in.path("definitions").properties().forEach(e -> {
            String at = "/components/schemas/" + SpecSource.escape(e.getKey());
            components.withObjectProperty("schemas").set(e.getKey(), schemas.schema(e.getValue(), "/definitions/" + SpecSource.escape(e.getKey())));
            origins.put(at, "/definitions/" + SpecSource.escape(e.getKey()));
        });
        in.path("parameters").properties().forEach(e -> {
            String from = "/parameters/" + SpecSource.escape(e.getKey());
            Swagger2Parameters.Found p = parameters.resolve(e.getValue(), from);
            if (Swagger2Parameters.staysParameter(p)) { // body and form fields are put into the operations that use them
                components.withObjectProperty("parameters").set(e.getKey(),
                        parameters.parameter(p, "/components/parameters/" + SpecSource.escape(e.getKey())));
            }
        });
        in.path("responses").properties().forEach(e -> {
            String key = SpecSource.escape(e.getKey());
            components.withObjectProperty("responses").set(e.getKey(),
                    responses.response(e.getValue(), produces, "/responses/" + key, "/components/responses/" + key));
        });
        in.path("securityDefinitions").properties().forEach(e -> {
            String key = SpecSource.escape(e.getKey());
            components.withObjectProperty("securitySchemes").set(e.getKey(), securityScheme(e.getValue(), "/securityDefinitions/" + key));
            origins.put("/components/securitySchemes/" + key, "/securityDefinitions/" + key);
        });
        if (!components.isEmpty()) {
            out.set("components", components);
        }
    }

    private ObjectNode securityScheme(JsonNode definition, String from) {
        String type = definition.path("type").asText("");
        ObjectNode out = NODES.objectNode();
        switch (type) {
            case "basic" -> out.put("type", "http").put("scheme", "basic");
            case "apiKey" -> {
                out.put("type", "apiKey");
                Swagger2Parameters.copyIfPresent(definition, out, "name");
                Swagger2Parameters.copyIfPresent(definition, out, "in");
            }
            case "oauth2" -> {
                String flow = definition.path("flow").asText("");
                String flowName = FLOWS.get(flow);
                if (flowName == null) {
                    throw source.error(from + "/flow", "expected an OAuth 2 flow implicit, password, application or accessCode, got '" + flow + "'");
                }
                ObjectNode f = out.put("type", "oauth2").putObject("flows").putObject(flowName);
                Swagger2Parameters.copyIfPresent(definition, f, "authorizationUrl");
                Swagger2Parameters.copyIfPresent(definition, f, "tokenUrl");
                f.set("scopes", definition.has("scopes") ? definition.get("scopes").deepCopy() : NODES.objectNode());
            }
            default -> throw source.error(from + "/type", "expected a security definition type basic, apiKey or oauth2, got '" + type + "'");
        }
        Swagger2Parameters.copyIfPresent(definition, out, "description");
        Swagger2Parameters.copyExtensions(definition, out);
        return out;
    }
}
