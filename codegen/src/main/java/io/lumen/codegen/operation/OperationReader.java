package io.lumen.codegen.operation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.lumen.codegen.Diagnostics;
import io.lumen.codegen.example.Instances;
import io.lumen.codegen.naming.NameTable;
import io.lumen.codegen.naming.Names;
import io.lumen.codegen.schema.Schemas;
import io.lumen.codegen.schema.TypeMapper;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.Operation;
import io.lumen.openapi.Parameter;

import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Builds the {@link OperationModel}s of a spec. Names come from {@code operationId} (method and path
 * when there is none); two operations whose names match, also only in case, are an error at the
 * second one's line. A stub answers the spec's example of its success response when the example
 * validates against the schema, else a synthesized instance (each checked with the validator's own
 * schemas; a value that still fails is reported as a warning).
 */
public final class OperationReader {
    private static final ClassName STRING = ClassName.get(String.class);
    private static final TypeName BYTES = TypeName.get(byte[].class);

    private final OpenApiSpec spec;
    private final JsonNode bundle;
    private final TypeMapper types;
    private final Diagnostics diagnostics;
    private final ValueSlots slots = new ValueSlots();
    private final Set<String> jwtSchemes;

    public OperationReader(OpenApiSpec spec, TypeMapper types, Diagnostics diagnostics, Set<String> jwtSchemes) {
        this.spec = spec;
        this.bundle = spec.bundle();
        this.types = types;
        this.diagnostics = diagnostics;
        this.jwtSchemes = jwtSchemes;
    }

    /** Every operation of the spec, sorted by Java name. */
    public List<OperationModel> read() {
        NameTable names = new NameTable();
        Map<String, String> ids = new HashMap<>();
        List<Draft> drafts = new ArrayList<>();
        for (Operation op : spec.operations()) {
            String id = op.operationId();
            String method;
            String source;
            if (id != null && !id.isBlank()) {
                String other = ids.put(id, op.pointer());
                if (other != null) {
                    throw spec.error(op.pointer() + "/operationId", "operationId '" + id + "' is also used at "
                            + spec.error(other, "").getMessage().replaceAll(": $", "") + "; operationIds must be unique");
                }
                method = Names.member(id);
                source = "operationId '" + id + "'";
            } else {
                method = Names.member(op.method().toLowerCase(Locale.ROOT) + " " + pathWords(op.specPath()));
                source = op.method() + " " + op.specPath();
            }
            if (method.isEmpty()) {
                method = Names.member(op.method().toLowerCase(Locale.ROOT) + " " + pathWords(op.specPath()));
            }
            String type = Names.type(method);
            String owner = names.claim(type, source + " (" + location(op.pointer()) + ")");
            if (owner != null) {
                throw spec.error(op.pointer() + (id != null ? "/operationId" : ""), source + " gives the Java name "
                        + method + ", as does " + owner + "; rename one (names that differ only in case, hyphens or "
                        + "underscores collide)");
            }
            drafts.add(operation(op, method, type));
        }
        slots.resolve(spec, diagnostics); // every example and instance checked in one batch
        List<OperationModel> out = new ArrayList<>();
        for (Draft d : drafts) {
            out.add(d.finish());
        }
        out.sort(Comparator.comparing(OperationModel::type));
        return out;
    }

    private String location(String pointer) {
        String m = spec.error(pointer, "x").getMessage();
        return m.substring(0, m.indexOf(": "));
    }

    /** {@code /pets/{petId}/toys} -> {@code pets by petId toys}; {@code /v{major}} -> {@code v by major}. */
    private static String pathWords(String path) {
        StringBuilder b = new StringBuilder();
        for (String seg : path.split("/")) {
            if (seg.isEmpty()) {
                continue;
            }
            // {Sid}.json: "by Sid json"
            b.append(' ').append(seg.contains("{") ? seg.replace("{", " by ").replace("}", " ").trim() : seg);
        }
        return b.length() == 0 ? "root" : b.toString().trim();
    }

    /** An operation whose values wait for the batch check. */
    private final class Draft {
        private final Operation op;
        private final String method;
        private final String type;
        private final String summary;
        private final List<OperationModel.Param> params;
        private final OperationModel.Body body;
        private final List<OperationModel.Reply> replies;
        private final OperationModel.Reply stub;
        private final String stubText;
        private final int stubSlot;
        private final int bodySlot;
        private final Map<Parameter, Integer> paramSlots;

        Draft(Operation op, String method, String type, String summary, List<OperationModel.Param> params, OperationModel.Body body,
              List<OperationModel.Reply> replies, OperationModel.Reply stub) {
            this.op = op;
            this.method = method;
            this.type = type;
            this.summary = summary;
            this.params = params;
            this.body = body;
            this.replies = replies;
            this.stub = stub;
            this.stubText = stubText(op, stub);
            this.stubSlot = stub.kind() == OperationModel.Kind.JSON ? stubSlot(op, type, stub) : -1;
            this.bodySlot = body != null && body.required() && body.kind() == OperationModel.Kind.JSON ? bodySlot(op, body) : -1;
            this.paramSlots = new LinkedHashMap<>();
            for (Parameter p : op.parameters()) {
                if (p.required()) {
                    paramSlots.put(p, paramSlot(p));
                }
            }
        }

        OperationModel finish() {
            String value = stubSlot >= 0 ? slots.get(stubSlot).toString() : stubText;
            return new OperationModel(op, method, type, summary, params, body, replies, stub, value, call(this), secured(op));
        }
    }

    private Draft operation(Operation op, String method, String type) {
        JsonNode node = bundle.at(op.pointer());
        String summary = node.path("summary").asText(node.path("description").asText(""));
        NameTable components = new NameTable();
        List<OperationModel.Param> params = new ArrayList<>();
        for (Parameter p : op.parameters()) {
            String java = Names.member(p.name());
            if (java.isEmpty()) {
                java = "param";
            }
            String owner = components.claim(java, p.location());
            if (owner != null) {
                // StartTime< beside StartTime (filter operators in query names): startTimeLt
                String spelled = Names.memberSpelled(p.name());
                if (!spelled.equals(java) && components.claim(spelled, p.location()) == null) {
                    java = spelled;
                    owner = null;
                }
            }
            if (owner != null) {
                throw spec.error(p.pointer() + "/name", "parameter " + p.location() + " gives the Java name " + java
                        + ", as does " + owner + " of the same operation; rename one");
            }
            TypeName t = p.schemaPointer() == null ? (p.json() ? TypeMapper.JSON_NODE : STRING)
                    : types.resolve(p.schemaPointer(), type + Names.type(p.name()));
            params.add(new OperationModel.Param(p.name(), p.in(), java, t, p.required(), binding(t),
                    bundle.at(p.pointer()).path("description").asText("")));
        }
        OperationModel.Body body = body(op, type, components);
        List<OperationModel.Reply> replies = replies(op, type);
        return new Draft(op, method, type, summary, params, body, replies, stub(replies));
    }

    private static OperationModel.Binding binding(TypeName t) {
        if (t.equals(STRING)) {
            return OperationModel.Binding.STRING;
        }
        if (t.equals(ClassName.get(Integer.class))) {
            return OperationModel.Binding.INT32;
        }
        if (t.equals(ClassName.get(Long.class))) {
            return OperationModel.Binding.INT64;
        }
        if (t.equals(ClassName.get(Boolean.class))) {
            return OperationModel.Binding.BOOL;
        }
        if (t.equals(ClassName.get(Double.class))) {
            return OperationModel.Binding.NUMBER;
        }
        return OperationModel.Binding.READER;
    }

    /** JSON-like media types first, then forms and multipart (the validator converts them to objects), then text, then bytes. */
    static String choose(Map<String, String> content) {
        String best = null;
        int rank = Integer.MAX_VALUE;
        for (String mt : content.keySet()) {
            int r = rank(mt);
            if (r < rank) {
                best = mt;
                rank = r;
            }
        }
        return best;
    }

    private static int rank(String mt) {
        if (mt.equals("application/json")) {
            return 0;
        }
        if (mt.endsWith("+json") || mt.endsWith("/json")) {
            return 1;
        }
        if (mt.equals("application/x-www-form-urlencoded") || mt.equals(MultipartBodies.MEDIA_TYPE)) {
            return 2;
        }
        if (mt.equals("*/*") || mt.equals("application/*")) {
            return 3;
        }
        if (mt.startsWith("text/")) {
            return 4;
        }
        return 5;
    }

    static OperationModel.Kind kind(String mt, boolean request) {
        int r = rank(mt);
        if (r <= 1 || r == 3 || r == 2 && request) {
            return OperationModel.Kind.JSON;
        }
        return r == 4 ? OperationModel.Kind.TEXT : OperationModel.Kind.BYTES;
    }

    private OperationModel.Body body(Operation op, String type, NameTable components) {
        Operation.RequestBody rb = op.requestBody();
        if (rb == null || rb.content().isEmpty()) {
            return null;
        }
        String mt = choose(rb.content());
        OperationModel.Kind kind = kind(mt, true);
        if (kind == OperationModel.Kind.JSON) {
            warnUnreadable(rb);
        }
        String schema = rb.content().get(mt);
        TypeName t = switch (kind) {
            case JSON -> schema == null ? TypeMapper.JSON_NODE : mt.equals(MultipartBodies.MEDIA_TYPE)
                    ? types.multipartBody(schema, type + "Body") : types.resolve(schema, type + "Body");
            case TEXT -> STRING;
            default -> BYTES;
        };
        String java = components.unique("body", "the request body");
        return new OperationModel.Body(java, t, kind, rb.required(), mt, bundle.at(rb.pointer()).path("description").asText(""));
    }

    /**
     * A JSON-bound adapter reads JSON bodies and forms (the validator turns them into objects); a body in
     * any other declared media type (XML, text, multipart, or a non-JSON body under a wildcard such as
     * {@code application/*}) is answered 415 by {@code OperationHandler.bindBody}: the user hears of it here.
     */
    private void warnUnreadable(Operation.RequestBody rb) {
        for (String mt : rb.content().keySet()) {
            int r = rank(mt);
            if (r > 2) {
                diagnostics.warn("request media type the generated adapter answers 415", rb.pointer() + "/content/" + Schemas.escape(mt),
                        "the generated adapter binds JSON, "
                        + "form and multipart bodies to its request type; " + (r == 3 ? "a body in another media type matching " + mt
                        + " gets 415 ERR19001" : "a request sent as " + mt + " gets 415 ERR19001 (declare " + mt
                        + " alone to receive its " + (r == 4 ? "text)" : "bytes)")));
            }
        }
    }

    private List<OperationModel.Reply> replies(Operation op, String type) {
        List<String> keys = new ArrayList<>(op.responses().keySet());
        keys.sort(Comparator.comparing((String k) -> k.equals("default") ? 2 : k.chars().allMatch(Character::isDigit) ? 0 : 1)
                .thenComparing(Comparator.naturalOrder()));
        List<OperationModel.Reply> out = new ArrayList<>();
        for (String key : keys) {
            Operation.Response r = op.responses().get(key);
            String mt = r.content().isEmpty() ? null : choose(r.content());
            OperationModel.Kind kind = mt == null ? OperationModel.Kind.NONE : kind(mt, false);
            String schema = mt == null ? null : r.content().get(mt);
            String suffix = key.equals("default") ? "Default" : key.toUpperCase(Locale.ROOT).replace("XX", "xx");
            TypeName t = switch (kind) {
                case JSON -> schema == null ? TypeMapper.JSON_NODE : types.resolve(schema, type + suffix + "Body");
                case TEXT -> STRING;
                case BYTES -> BYTES;
                case NONE -> null;
            };
            int status = key.equals("default") ? 200 : key.endsWith("XX") ? (key.charAt(0) - '0') * 100 : Integer.parseInt(key);
            String record = key.equals("default") ? "Default" : "Status" + suffix;
            out.add(new OperationModel.Reply(key, record, status, mt, kind, t,
                    bundle.at(r.pointer()).path("description").asText("")));
        }
        if (out.isEmpty()) {
            out.add(new OperationModel.Reply("default", "Default", 200, null, OperationModel.Kind.NONE, null, ""));
        }
        return out;
    }

    /** The lowest documented 2xx code, else a 2XX range, else the lowest code below 400, else default, else the first. */
    private static OperationModel.Reply stub(List<OperationModel.Reply> replies) {
        for (OperationModel.Reply r : replies) {
            if (!r.variableStatus() && r.status() >= 200 && r.status() < 300) {
                return r;
            }
        }
        for (OperationModel.Reply r : replies) {
            if (r.statusKey().equals("2XX")) {
                return r;
            }
        }
        for (OperationModel.Reply r : replies) {
            if (!r.variableStatus() && r.status() < 400) {
                return r;
            }
        }
        for (OperationModel.Reply r : replies) {
            if (r.statusKey().equals("default")) {
                return r;
            }
        }
        return replies.get(0);
    }

    /** The stub's text for text and binary replies; null otherwise. */
    private String stubText(Operation op, OperationModel.Reply stub) {
        if (stub.kind() != OperationModel.Kind.TEXT && stub.kind() != OperationModel.Kind.BYTES) {
            return null;
        }
        JsonNode example = mediaExample(op.responses().get(stub.statusKey()).pointer() + "/content/" + Schemas.escape(stub.mediaType()));
        if (stub.kind() == OperationModel.Kind.TEXT) {
            return example != null && example.isTextual() ? example.asText() : "string";
        }
        return example != null && example.isTextual()
                ? Base64.getEncoder().encodeToString(example.asText().getBytes(java.nio.charset.StandardCharsets.UTF_8)) : "";
    }

    private int stubSlot(Operation op, String type, OperationModel.Reply stub) {
        Operation.Response response = op.responses().get(stub.statusKey());
        String mediaPointer = response.pointer() + "/content/" + Schemas.escape(stub.mediaType());
        return jsonSlot(mediaPointer, response.content().get(stub.mediaType()), mediaExample(mediaPointer),
                Instances.Direction.RESPONSE, type + " stub");
    }

    private int bodySlot(Operation op, OperationModel.Body body) {
        String mediaPointer = op.requestBody().pointer() + "/content/" + Schemas.escape(body.mediaType());
        return jsonSlot(mediaPointer, op.requestBody().content().get(body.mediaType()), mediaExample(mediaPointer),
                Instances.Direction.REQUEST, "test request body");
    }

    /** The spec's example, then instances with and without sub-schema examples: the first that validates wins. */
    private int jsonSlot(String where, String schema, JsonNode example, Instances.Direction direction, String what) {
        List<JsonNode> candidates = new ArrayList<>();
        if (example != null) {
            candidates.add(example);
        }
        if (schema != null) {
            for (boolean useExamples : new boolean[] {true, false}) {
                JsonNode v = new Instances(bundle, direction, useExamples).of(schema);
                if (v != null && !candidates.contains(v)) {
                    candidates.add(v);
                }
            }
        }
        return slots.add(schema, direction == Instances.Direction.RESPONSE, candidates, example != null, where, what);
    }

    /** A required parameter's value: its example, else an instance of its schema; the first that validates wins. */
    private int paramSlot(Parameter p) {
        JsonNode node = bundle.at(p.pointer());
        JsonNode example = node.has("example") ? node.get("example") : null;
        if (example == null) {
            for (JsonNode e : node.path("examples")) {
                JsonNode resolved = e.has("$ref") ? bundle.at(Schemas.deref(bundle, e.get("$ref").asText().substring(1))) : e;
                if (resolved.has("value")) {
                    example = resolved.get("value");
                    break;
                }
            }
        }
        List<JsonNode> candidates = new ArrayList<>();
        if (example != null) {
            candidates.add(example);
        }
        if (p.schemaPointer() == null) {
            candidates.add(JsonNodeFactory.instance.textNode("value"));
            return slots.add(null, false, candidates, false, null, null);
        }
        for (boolean useExamples : new boolean[] {true, false}) {
            JsonNode v = new Instances(bundle, Instances.Direction.REQUEST, useExamples).of(p.schemaPointer());
            if (v != null && !candidates.contains(v)) {
                candidates.add(v);
            }
        }
        if (candidates.isEmpty()) {
            candidates.add(JsonNodeFactory.instance.textNode("value"));
        }
        return slots.add(p.schemaPointer(), false, candidates, false, null, null);
    }

    /** The media type's {@code example}, or the value of its first {@code examples} entry. */
    private JsonNode mediaExample(String mediaPointer) {
        JsonNode mt = bundle.at(Schemas.deref(bundle, mediaPointer));
        if (mt.has("example")) {
            return mt.get("example");
        }
        for (JsonNode e : mt.path("examples")) {
            JsonNode resolved = e.has("$ref") ? bundle.at(Schemas.deref(bundle, e.get("$ref").asText().substring(1))) : e;
            if (resolved.has("value")) {
                return resolved.get("value");
            }
        }
        return null;
    }

    private OperationModel.TestCall call(Draft d) {
        Operation op = d.op;
        OperationModel.Body body = d.body;
        String path = ParamSerializer.literalPath(op.template());
        List<String> query = new ArrayList<>();
        Map<String, String> headers = new LinkedHashMap<>();
        List<String> cookies = new ArrayList<>();
        for (Parameter p : op.parameters()) {
            if (!p.required()) {
                continue;
            }
            JsonNode v = slots.get(d.paramSlots.get(p));
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
            JsonNode example = mediaExample(op.requestBody().pointer() + "/content/" + Schemas.escape(body.mediaType()));
            text = switch (body.kind()) {
                case TEXT -> example != null && example.isTextual() ? example.asText() : "string";
                case BYTES -> "bytes";
                default -> {
                    JsonNode v = slots.get(d.bodySlot);
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

    /** An operation's (else the document's) security requirements name a JWT scheme; an empty requirement opts out. */
    private boolean secured(Operation op) {
        JsonNode node = bundle.at(op.pointer());
        JsonNode requirements = node.has("security") ? node.get("security") : bundle.path("security");
        boolean any = false;
        for (JsonNode requirement : requirements) {
            if (requirement.isEmpty()) {
                return false; // {} : anonymous access allowed
            }
            for (java.util.Iterator<String> it = requirement.fieldNames(); it.hasNext(); ) {
                any |= jwtSchemes.contains(it.next());
            }
        }
        return any;
    }
}
