package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;
import io.lumen.path.PathTemplate;
import io.lumen.server.ServiceContext;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Loads {@code openapi.yaml} ({@code .yml}, {@code .json}) through the config loader, reads the
 * files its {@code $ref}s name (relative to the referencing file; the root's through
 * {@link ConfigLoader#locate}), bundles them and builds the operations. Every problem is a
 * {@link ConfigException} {@code file:line: /json/pointer: problem} that stops startup.
 */
public final class SpecLoader {
    static final List<String> METHODS = List.of("get", "put", "post", "delete", "options", "head", "patch", "trace");
    private static final int MAX_REF_HOPS = 32;

    private final ConfigLoader loader;
    private final List<SpecSource> sources = new ArrayList<>();
    private final List<URL> urls = new ArrayList<>();
    private ObjectNode bundle;

    private SpecLoader(ConfigLoader loader) {
        this.loader = loader;
    }

    /** The service's one spec, loaded on first use by whichever handler asks first. */
    public static OpenApiSpec shared(ServiceContext context) {
        return context.shared(OpenApiSpec.class, () -> load(context.config()));
    }

    /** Loads and checks the spec named {@code openapi} in the config dirs or classpath {@code config/}. */
    public static OpenApiSpec load(ConfigLoader loader) {
        ConfigFile file = loader.find("openapi").orElseThrow(() -> new ConfigException("openapi.yaml", 0, null,
                "no openapi.yaml, openapi.yml or openapi.json in the config dirs or classpath config/; "
                        + "the specification and validator middleware need the service's OpenAPI spec"));
        return new SpecLoader(loader).load(file);
    }

    /**
     * Loads and checks the spec in {@code file} (any base name; {@code .yaml}, {@code .yml} or
     * {@code .json}): how tools such as the code generator read a spec exactly as a service would.
     * {@code $ref}s resolve relative to the file; {@code ${...}} placeholders take their defaults or
     * a {@code values.yml} beside the file, never the environment, so the result depends on the
     * files alone. A missing file, a file shadowed by a sibling of the same base name (the config
     * loader reads {@code .yml} before {@code .yaml} before {@code .json}) and every problem of the
     * spec are {@link ConfigException}s {@code file:line: /json/pointer: problem}.
     */
    public static OpenApiSpec load(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        String fileName = absolute.getFileName() == null ? "" : absolute.getFileName().toString();
        int dot = fileName.lastIndexOf('.');
        String ext = dot < 0 ? "" : fileName.substring(dot).toLowerCase(Locale.ROOT);
        if (!List.of(".yaml", ".yml", ".json").contains(ext) || dot == 0) {
            throw new ConfigException(file.toString(), 0, null, "a spec file is named <name>.yaml, .yml or .json");
        }
        if (!Files.isRegularFile(absolute)) {
            throw new ConfigException(file.toString(), 0, null, "no such file");
        }
        ConfigLoader loader = ConfigLoader.builder()
                .configDirs(List.of(absolute.getParent()))
                .env(name -> null)
                .classLoader(new URLClassLoader(new URL[0], null)) // no classpath config/: the folder alone
                .build();
        ConfigFile found = loader.find(fileName.substring(0, dot)).orElseThrow(
                () -> new ConfigException(file.toString(), 0, null, "no such file"));
        if (!Path.of(found.displayName()).toAbsolutePath().normalize().equals(absolute)) {
            throw new ConfigException(file.toString(), 0, null, found.displayName()
                    + " has the same base name and is read first; rename one of them");
        }
        return new SpecLoader(loader).load(found);
    }

    private OpenApiSpec load(ConfigFile file) {
        JsonNode tree = loader.mapper().valueToTree(file.tree());
        if (!(tree instanceof ObjectNode root)) {
            throw new ConfigException(file.displayName(), 1, null, "an OpenAPI document is a map with 'openapi', 'info' and 'paths'");
        }
        SpecSource rootSource = new SpecSource(file.displayName(), root, file::lineOf);
        sources.add(rootSource);
        URL rootUrl = rootUrl(file);
        urls.add(rootUrl);
        bundle = root.deepCopy();
        ArrayNode files = JsonNodeFactory.instance.arrayNode();
        rewriteRefs(bundle, "", 0, files);
        for (int i = 0; i < files.size(); i++) {
            rewriteRefs(files.get(i), "/" + OpenApiSpec.FILES + "/" + i, i + 1, files);
        }
        if (!files.isEmpty()) {
            bundle.set(OpenApiSpec.FILES, files);
        }
        OpenApiSpec draft = new OpenApiSpec(version(rootSource), "", List.of(), bundle, new byte[0], file.displayName(), sources);
        checkRefs(draft, bundle, "");
        String basePath = basePath(draft);
        List<Operation> operations = new OperationReader(draft, bundle, basePath).read();
        return new OpenApiSpec(draft.version(), basePath, operations, bundle, bytes(rootUrl, file), file.displayName(), sources);
    }

    private static String version(SpecSource root) {
        JsonNode v = root.tree().get("openapi");
        if (v == null || !v.isTextual() || !(v.asText().startsWith("3.0.") || v.asText().startsWith("3.1."))) {
            throw root.error("/openapi", "expected an OpenAPI version 3.0.x or 3.1.x, got " + (v == null ? "nothing" : v));
        }
        return v.asText();
    }

    /** The path of {@code servers[0].url}, its variables replaced by their defaults. */
    private static String basePath(OpenApiSpec spec) {
        JsonNode server = spec.bundle().path("servers").path(0);
        JsonNode urlNode = server.path("url");
        if (!urlNode.isTextual()) {
            return "";
        }
        String url = urlNode.asText();
        for (Iterator<Map.Entry<String, JsonNode>> it = server.path("variables").properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> v = it.next();
            url = url.replace("{" + v.getKey() + "}", v.getValue().path("default").asText(""));
        }
        String path;
        try {
            int scheme = url.indexOf("://");
            path = scheme >= 0 ? URI.create(url).getRawPath() : url;
        } catch (IllegalArgumentException e) {
            throw spec.error("/servers/0/url", "not a URL: " + e.getMessage());
        }
        if (path == null) {
            return "";
        }
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        if (!path.isEmpty() && !path.startsWith("/")) {
            throw spec.error("/servers/0/url", "a relative server URL must start with '/', got '" + url + "'");
        }
        return path;
    }

    /** Makes every {@code $ref} of {@code node} (from source {@code sourceIndex}) a local pointer into the bundle. */
    private void rewriteRefs(JsonNode node, String pointer, int sourceIndex, ArrayNode files) {
        if (node instanceof ObjectNode obj) {
            JsonNode ref = obj.get("$ref");
            if (ref != null && ref.isTextual()) {
                obj.set("$ref", TextNode.valueOf(localRef(ref.asText(), pointer + "/$ref", sourceIndex, files)));
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = obj.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!(sourceIndex == 0 && pointer.isEmpty() && e.getKey().equals(OpenApiSpec.FILES))) {
                    rewriteRefs(e.getValue(), pointer + "/" + SpecSource.escape(e.getKey()), sourceIndex, files);
                }
            }
        } else if (node instanceof ArrayNode arr) {
            for (int i = 0; i < arr.size(); i++) {
                rewriteRefs(arr.get(i), pointer + "/" + i, sourceIndex, files);
            }
        }
    }

    private String localRef(String ref, String refPointer, int sourceIndex, ArrayNode files) {
        int hash = ref.indexOf('#');
        String filePart = hash < 0 ? ref : ref.substring(0, hash);
        String fragment = hash < 0 ? "" : decodeFragment(ref.substring(hash + 1));
        if (!fragment.isEmpty() && !fragment.startsWith("/")) {
            throw errorAt(sourceIndex, refPointer, "'" + ref + "': only JSON pointer fragments (#/...) are supported");
        }
        if (filePart.isEmpty()) {
            return "#" + (sourceIndex == 0 ? "" : "/" + OpenApiSpec.FILES + "/" + (sourceIndex - 1)) + fragment;
        }
        if (filePart.contains("://") && !filePart.startsWith("file:")) {
            throw errorAt(sourceIndex, refPointer, "'" + ref + "': remote references are not supported; put the file in the config dir");
        }
        URL url = resolve(filePart, refPointer, sourceIndex);
        int index = -1;
        for (int i = 1; i < urls.size(); i++) {
            if (urls.get(i).toString().equals(url.toString())) {
                index = i;
            }
        }
        if (index < 0) {
            SpecSource read;
            try (InputStream in = url.openStream()) {
                read = YamlTree.read(new InputStreamReader(in, StandardCharsets.UTF_8), displayName(url));
            } catch (IOException e) {
                throw errorAt(sourceIndex, refPointer, "'" + ref + "': cannot read " + url + ": " + e.getMessage());
            }
            sources.add(read);
            urls.add(url);
            files.add(read.tree().deepCopy());
            index = urls.size() - 1;
        }
        return "#/" + OpenApiSpec.FILES + "/" + (index - 1) + fragment;
    }

    private URL resolve(String filePart, String refPointer, int sourceIndex) {
        if (sourceIndex == 0) {
            return loader.locate(filePart).orElseThrow(() -> errorAt(sourceIndex, refPointer,
                    "'" + filePart + "' is not in the config dirs or classpath config/"));
        }
        try {
            return new URL(urls.get(sourceIndex), filePart);
        } catch (MalformedURLException e) {
            throw errorAt(sourceIndex, refPointer, "'" + filePart + "': " + e.getMessage());
        }
    }

    private ConfigException errorAt(int sourceIndex, String pointer, String problem) {
        String local = sourceIndex == 0 ? pointer : pointer.substring(("/" + OpenApiSpec.FILES + "/" + (sourceIndex - 1)).length());
        return sources.get(sourceIndex).error(local, problem);
    }

    /** Every {@code $ref} must land on something. */
    private static void checkRefs(OpenApiSpec spec, JsonNode node, String pointer) {
        if (node instanceof ObjectNode obj) {
            JsonNode ref = obj.get("$ref");
            if (ref != null && ref.isTextual()) {
                String target = ref.asText().substring(1);
                if (spec.bundle().at(target).isMissingNode()) {
                    throw spec.error(pointer + "/$ref", "$ref '" + target + "' does not resolve: nothing at that pointer");
                }
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = obj.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                checkRefs(spec, e.getValue(), pointer + "/" + SpecSource.escape(e.getKey()));
            }
        } else if (node instanceof ArrayNode arr) {
            for (int i = 0; i < arr.size(); i++) {
                checkRefs(spec, arr.get(i), pointer + "/" + i);
            }
        }
    }

    /** Follows {@code $ref}s from {@code pointer}; returns the pointer of the final node. */
    static String deref(OpenApiSpec spec, String pointer) {
        String p = pointer;
        for (int hops = 0; hops < MAX_REF_HOPS; hops++) {
            JsonNode node = spec.bundle().at(p);
            JsonNode ref = node.get("$ref");
            if (ref == null || !ref.isTextual()) {
                return p;
            }
            p = ref.asText().substring(1);
        }
        throw spec.error(pointer, "$ref chain longer than " + MAX_REF_HOPS + " (a cycle?)");
    }

    private static String decodeFragment(String fragment) {
        return fragment.indexOf('%') < 0 ? fragment
                : java.net.URLDecoder.decode(fragment.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static String displayName(URL url) {
        return "file".equals(url.getProtocol()) ? url.getPath() : url.toString();
    }

    private URL rootUrl(ConfigFile file) {
        String name = file.displayName();
        String fileName = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
        return loader.locate(fileName).orElseThrow(() -> new ConfigException(name, 0, null, "cannot locate the spec file again"));
    }

    private static byte[] bytes(URL url, ConfigFile file) {
        try (InputStream in = url.openStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new ConfigException(file.displayName(), 0, null, "cannot read: " + e.getMessage(), e);
        }
    }

    /** Builds the operations of a bundled spec. */
    private static final class OperationReader {
        private final OpenApiSpec spec;
        private final JsonNode bundle;
        private final String basePath;

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
            Set<String> shapes = new LinkedHashSet<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = paths.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String path = e.getKey();
                String itemPointer = "/paths/" + SpecSource.escape(path);
                if (path.startsWith("x-")) {
                    continue;
                }
                PathTemplate template;
                try {
                    if (!path.startsWith("/")) {
                        throw new IllegalArgumentException("a path must start with '/', got '" + path + "'");
                    }
                    template = PathTemplate.parse(basePath + path);
                } catch (IllegalArgumentException ex) {
                    throw spec.error(itemPointer, ex.getMessage());
                }
                if (template.hasWildcard()) {
                    throw spec.error(itemPointer, "'*' is not a path segment in OpenAPI");
                }
                if (!shapes.add(template.shape())) {
                    throw spec.error(itemPointer, "the same path as another one with other parameter names ("
                            + template.shape() + ")");
                }
                String item = deref(spec, itemPointer);
                if (!bundle.at(item).isObject()) {
                    throw spec.error(itemPointer, "a path item is a map of methods to operations");
                }
                for (String method : METHODS) {
                    JsonNode op = bundle.at(item).get(method);
                    if (op != null) {
                        if (!op.isObject()) {
                            throw spec.error(item + "/" + method, "an operation is a map");
                        }
                        ops.add(operation(method, path, template, item, item + "/" + method));
                    }
                }
            }
            return ops;
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
                String bp = deref(spec, pointer + "/requestBody");
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
                String rp = deref(spec, pointer + "/responses/" + SpecSource.escape(e.getKey()));
                responses.put(key.equals("DEFAULT") ? "default" : key, new Operation.Response(content(rp), rp));
            }
            JsonNode id = op.get("operationId");
            return new Operation(method.toUpperCase(Locale.ROOT), path, template.text(), id == null ? null : id.asText(),
                    List.copyOf(params.values()), body, Collections.unmodifiableMap(responses), scopes(op), pointer);
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
                Parameter p = parameter(deref(spec, pointer + "/" + i));
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
                    : bundle.at(deref(spec, schemaPointer));
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
    }
}
