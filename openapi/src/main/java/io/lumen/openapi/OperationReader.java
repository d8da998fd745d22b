package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.lumen.http.HttpMethods;
import io.lumen.path.PathTemplate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads the operations of a bundled spec: paths (under the base path of {@code servers[0]}),
 * methods, parameters (path item's, then the operation's), request body, responses and the scopes
 * of its security requirements. Every {@code $ref} it meets is followed with {@link RefBundler#deref}.
 * Problems are {@link io.lumen.config.ConfigException}s at the node's file and line. Startup only;
 * one reader per spec.
 */
final class OperationReader {
    private final OpenApiSpec spec;
    private final JsonNode bundle;
    private final String basePath;

    private static final Logger LOG = LoggerFactory.getLogger(OperationReader.class);

    OperationReader(OpenApiSpec spec, JsonNode bundle, String basePath) {
        this.spec = spec;
        this.bundle = bundle;
        this.basePath = basePath;
    }

    List<Operation> read() {
        JsonNode paths = bundle.get("paths");
        if (paths == null || paths.isNull()) {
            return List.of(); // 3.1 allows webhooks-only documents
        }
        if (!paths.isObject()) {
            throw spec.error("/paths", "expected a map of paths to path items");
        }
        List<Operation> ops = new ArrayList<>();
        Map<String, Set<String>> routedMethods = new HashMap<>(); // path shape -> methods routed on it
        Map<String, String> firstKeys = new HashMap<>(); // path shape -> the key that declared it first
        // keys with a query part or a fragment last: where one shares its path with a plain key, the plain key keeps its routes
        List<String> keys = new ArrayList<>();
        paths.fieldNames().forEachRemaining(keys::add);
        keys.sort(Comparator.comparing(k -> !pathPart(k).equals(k)));
        for (String path : keys) {
            String itemPointer = "/paths/" + SpecSource.escape(path);
            if (path.startsWith("x-")) {
                continue;
            }
            PathTemplate template;
            String routed = pathPart(path);
            try {
                if (!path.startsWith("/")) {
                    throw new IllegalArgumentException("a path must start with '/', got '" + path + "'");
                }
                template = PathTemplate.parse(basePath + routed);
            } catch (IllegalArgumentException ex) {
                throw spec.error(itemPointer, ex.getMessage());
            }
            if (template.hasWildcard()) {
                throw spec.error(itemPointer, "'*' is not a path segment in OpenAPI");
            }
            Set<String> taken = routedMethods.get(template.shape());
            String item = RefBundler.deref(spec, itemPointer);
            if (!bundle.at(item).isObject()) {
                throw spec.error(itemPointer, "a path item is a map of methods to operations");
            }
            if (taken != null && routed.equals(path)) {
                otherParameterNames(path, firstKeys.get(template.shape()), taken, item);
            }
            firstKeys.putIfAbsent(template.shape(), path);
            String extra = path.substring(routed.length());
            if (taken == null && !extra.isEmpty()) {
                LOG.warn("{} (a path key holds no {}: requests are matched by '{}'{})", spec.error(itemPointer, "'" + path + "'").getMessage(),
                        extra.startsWith("?") ? "query part" : "fragment", routed, extra.startsWith("?")
                                ? "; declare '" + extra.substring(1) + "' as a query parameter" : ", the fragment is never sent");
            }
            Set<String> methods = routedMethods.computeIfAbsent(template.shape(), k -> new LinkedHashSet<>());
            for (String method : HttpMethods.PATH_ITEM_KEYS) {
                if (bundle.at(item).get(method) != null) {
                    if (!methods.add(method)) {
                        // a variant of a declared path by its query (OpenAI's /responses?beta=true) or fragment (Box's
                        // /schema#add): requests reach the operation routed first; this one is not routed
                        LOG.warn("{} (a path key holds no {}, and '{}' is routed for {} already: this operation is not routed, "
                                + "requests to it reach that one)", spec.error(item + "/" + method, "'" + path + "' " + method).getMessage(),
                                extra.startsWith("?") ? "query part" : "fragment", routed, method.toUpperCase(Locale.ROOT));
                        continue;
                    }
                    // OpenAPI names only path items as $ref targets, but split specs $ref whole operations too
                    String op = RefBundler.deref(spec, item + "/" + method);
                    if (!bundle.at(op).isObject()) {
                        throw spec.error(op, "an operation is a map");
                    }
                    ops.add(operation(method, path, template, item, op));
                }
            }
        }
        return ops;
    }

    /**
     * A key that is another key's path with other parameter names ({@code /Files/{FolderId}} beside
     * {@code /Files/{FileId}}, Xero's Files API), which OpenAPI forbids: routed when its methods are not
     * the other key's (each operation keeps its own names), with a warning; a method on both cannot be told apart.
     */
    private void otherParameterNames(String path, String first, Set<String> taken, String item) {
        for (String method : HttpMethods.PATH_ITEM_KEYS) {
            if (bundle.at(item).get(method) != null && taken.contains(method)) {
                throw spec.error(item + "/" + method, method.toUpperCase(Locale.ROOT) + " '" + path + "' is the operation of the same path as '"
                        + first + "' with other parameter names: requests cannot tell them apart");
            }
        }
        LOG.warn("{} (the same path as '{}' with other parameter names, which OpenAPI does not allow: each method is routed "
                + "with its own operation's names)", spec.error(item, "'" + path + "'").getMessage(), first);
    }

    /**
     * The path part of a path key: a key with a query part ({@code /v1/responses?beta=true}) or a
     * fragment ({@code /schema#add}), which OpenAPI does not allow, is routed by its path (the caller
     * warns at its file:line).
     */
    private static String pathPart(String path) {
        int query = path.indexOf('?');
        int fragment = path.indexOf('#');
        int end = query < 0 ? fragment : fragment < 0 ? query : Math.min(query, fragment);
        return end < 0 ? path : path.substring(0, end);
    }

    private Operation operation(String method, String path, PathTemplate template, String item, String pointer) {
        JsonNode op = bundle.at(pointer);
        Map<String, Parameter> params = new LinkedHashMap<>();
        parameters(item + "/parameters", params);
        parameters(pointer + "/parameters", params);
        for (String name : template.paramNames()) {
            if (!params.containsKey("path:" + name)) {
                throw spec.error(pointer, "path parameter {" + name + "} of '" + path + "' is not declared in parameters");
            }
        }
        for (Parameter p : params.values()) {
            if (p.in() == Parameter.In.PATH && !template.paramNames().contains(p.name())) {
                throw spec.error(p.pointer(), "path parameter '" + p.name() + "' is not a segment of '" + path + "'");
            }
        }
        Operation.RequestBody body = null;
        if (op.has("requestBody")) {
            String bp = RefBundler.deref(spec, pointer + "/requestBody");
            JsonNode b = bundle.at(bp);
            body = new Operation.RequestBody(b.path("required").asBoolean(false), content(bp), bp);
        }
        Map<String, Operation.Response> responses = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = op.path("responses").properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey().toUpperCase(Locale.ROOT);
            if (key.startsWith("X-")) {
                continue;
            }
            String rp = RefBundler.deref(spec, pointer + "/responses/" + SpecSource.escape(e.getKey()));
            responses.put(key.equals("DEFAULT") ? "default" : key, new Operation.Response(content(rp), rp));
        }
        JsonNode id = op.get("operationId");
        return new Operation(method.toUpperCase(Locale.ROOT), path, template.text(), id == null ? null : id.asText(),
                List.copyOf(params.values()), body, Collections.unmodifiableMap(responses), scopes(op), security(op), pointer);
    }

    private Map<String, String> content(String pointer) {
        Map<String, String> content = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = bundle.at(pointer).path("content").properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String mp = pointer + "/content/" + SpecSource.escape(e.getKey());
            content.put(e.getKey().toLowerCase(Locale.ROOT), e.getValue().has("schema") ? mp + "/schema" : null);
        }
        return Collections.unmodifiableMap(content);
    }

    private void parameters(String pointer, Map<String, Parameter> into) {
        JsonNode list = bundle.at(pointer);
        if (list.isMissingNode()) {
            return;
        }
        if (!list.isArray()) {
            throw spec.error(pointer, "parameters is a list");
        }
        for (int i = 0; i < list.size(); i++) {
            Parameter p = parameter(RefBundler.deref(spec, pointer + "/" + i));
            into.put(p.in().label() + ":" + (p.in() == Parameter.In.HEADER ? p.name().toLowerCase(Locale.ROOT) : p.name()), p);
        }
    }

    private Parameter parameter(String pointer) {
        JsonNode p = bundle.at(pointer);
        JsonNode name = p.get("name");
        if (name == null || !name.isTextual() || name.asText().isEmpty()) {
            throw spec.error(pointer, "a parameter needs a name");
        }
        Parameter.In in;
        switch (p.path("in").asText("")) {
            case "path" -> in = Parameter.In.PATH;
            case "query" -> in = Parameter.In.QUERY;
            case "header" -> in = Parameter.In.HEADER;
            case "cookie" -> in = Parameter.In.COOKIE;
            default -> throw spec.error(pointer + "/in", "'in' must be path, query, header or cookie, got " + p.get("in"));
        }
        String styleText = p.path("style").asText(in == Parameter.In.QUERY || in == Parameter.In.COOKIE ? "form" : "simple");
        Parameter.Style style = Parameter.Style.parse(styleText);
        boolean allowed = style != null && switch (in) {
            case PATH -> style == Parameter.Style.MATRIX || style == Parameter.Style.LABEL || style == Parameter.Style.SIMPLE;
            case QUERY -> style == Parameter.Style.FORM || style == Parameter.Style.SPACE_DELIMITED
                    || style == Parameter.Style.PIPE_DELIMITED || style == Parameter.Style.DEEP_OBJECT;
            case HEADER -> style == Parameter.Style.SIMPLE;
            case COOKIE -> style == Parameter.Style.FORM;
        };
        if (!allowed) {
            throw spec.error(pointer + "/style", "style '" + styleText + "' is not allowed for " + in.label() + " parameters");
        }
        boolean explode = p.path("explode").asBoolean(style == Parameter.Style.FORM);
        boolean required = in == Parameter.In.PATH || p.path("required").asBoolean(false);
        String schemaPointer = null;
        boolean json = false;
        if (p.has("schema")) {
            schemaPointer = pointer + "/schema";
        } else if (p.path("content").isObject() && p.path("content").size() == 1) {
            String mediaType = p.path("content").fieldNames().next();
            json = mediaType.contains("json");
            if (p.path("content").path(mediaType).has("schema")) {
                schemaPointer = pointer + "/content/" + SpecSource.escape(mediaType) + "/schema";
            }
        } else {
            throw spec.error(pointer, "a parameter needs a schema, or content with exactly one media type");
        }
        JsonNode schema = schemaPointer == null ? JsonNodeFactory.instance.objectNode()
                : bundle.at(RefBundler.deref(spec, schemaPointer));
        return new Parameter(name.asText(), in, required, style, explode, schema, schemaPointer, json, pointer);
    }

    /** The scopes of the operation's (else the document's) oauth2/openIdConnect security requirements. */
    private Set<String> scopes(JsonNode op) {
        JsonNode requirements = op.has("security") ? op.get("security") : bundle.path("security");
        Set<String> scopes = new LinkedHashSet<>();
        for (JsonNode requirement : requirements) {
            for (Iterator<Map.Entry<String, JsonNode>> it = requirement.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode scheme = bundle.path("components").path("securitySchemes").path(e.getKey());
                if (scheme.has("$ref")) {
                    scheme = bundle.at(scheme.get("$ref").asText().substring(1));
                }
                String type = scheme.path("type").asText("");
                if (type.equals("oauth2") || type.equals("openIdConnect")) {
                    e.getValue().forEach(s -> scopes.add(s.asText()));
                }
            }
        }
        return Collections.unmodifiableSet(scopes);
    }

    /** The operation's (else the document's) security requirements; null when neither declares any. */
    private List<SecurityRequirement> security(JsonNode op) {
        JsonNode requirements = op.has("security") ? op.get("security") : bundle.get("security");
        if (requirements == null || !requirements.isArray()) {
            return null;
        }
        List<SecurityRequirement> out = new ArrayList<>();
        for (JsonNode requirement : requirements) {
            Map<String, List<String>> schemes = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = requirement.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                List<String> scopes = new ArrayList<>();
                e.getValue().forEach(x -> scopes.add(x.asText()));
                schemes.put(e.getKey(), List.copyOf(scopes));
            }
            out.add(new SecurityRequirement(schemes));
        }
        return List.copyOf(out);
    }
}
