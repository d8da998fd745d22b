package io.lumen.codegen.operation;

import com.fasterxml.jackson.databind.JsonNode;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.lumen.codegen.diagnostics.Diagnostics;
import io.lumen.codegen.naming.NameTable;
import io.lumen.codegen.naming.Names;
import io.lumen.codegen.schema.Schemas;
import io.lumen.codegen.schema.TypeMapper;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.Operation;
import io.lumen.openapi.Parameter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the {@link OperationModel}s of a spec: names ({@link OperationNamer}), typed parameters and
 * body, replies ({@link ReplyReader}), the stub's value and the generated test's request
 * ({@link SampleValues}, {@link TestCallBuilder}). Every value is checked in one batch before the
 * models are finished.
 */
public final class OperationModelReader {
    private static final ClassName STRING = ClassName.get(String.class);
    private static final TypeName BYTES = TypeName.get(byte[].class);

    private final OpenApiSpec spec;
    private final JsonNode bundle;
    private final TypeMapper types;
    private final Diagnostics diagnostics;
    private final SpecSchemes schemes;
    private final ReplyReader replies;
    private final SampleValues values;
    private final TestCallBuilder calls;

    public OperationModelReader(OpenApiSpec spec, TypeMapper types, Diagnostics diagnostics, SpecSchemes schemes) {
        this.spec = spec;
        this.bundle = spec.bundle();
        this.types = types;
        this.diagnostics = diagnostics;
        this.schemes = schemes;
        this.replies = new ReplyReader(bundle, types);
        this.values = new SampleValues(bundle);
        this.calls = new TestCallBuilder(bundle, values);
    }

    /** Every operation of the spec, sorted by Java name. */
    public List<OperationModel> read() {
        OperationNamer namer = new OperationNamer(spec);
        List<Draft> drafts = new ArrayList<>();
        for (Operation op : spec.operations()) {
            OperationNamer.Name name = namer.name(op);
            drafts.add(operation(op, name.method(), name.type()));
        }
        values.resolve(spec, diagnostics); // every example and instance checked in one batch
        List<OperationModel> out = new ArrayList<>();
        for (Draft d : drafts) {
            out.add(d.finish());
        }
        out.sort(Comparator.comparing(OperationModel::type));
        return out;
    }

    /** An operation whose values wait for the batch check. */
    private final class Draft {
        private final Operation op;
        private final String method;
        private final String type;
        private final String summary;
        private final List<OperationModel.Param> params;
        private final OperationModel.Body body;
        private final List<OperationModel.Reply> replyList;
        private final OperationModel.Reply stub;
        private final String stubText;
        private final int stubSlot;
        private final int bodySlot;
        private final Map<Parameter, Integer> paramSlots;

        Draft(Operation op, String method, String type, String summary, List<OperationModel.Param> params, OperationModel.Body body,
              List<OperationModel.Reply> replyList, OperationModel.Reply stub) {
            this.op = op;
            this.method = method;
            this.type = type;
            this.summary = summary;
            this.params = params;
            this.body = body;
            this.replyList = replyList;
            this.stub = stub;
            this.stubText = values.stubText(op, stub);
            this.stubSlot = stub.kind() == OperationModel.Kind.JSON ? values.stubSlot(op, type, stub) : -1;
            this.bodySlot = body != null && body.required() && body.kind() == OperationModel.Kind.JSON ? values.bodySlot(op, body) : -1;
            this.paramSlots = new LinkedHashMap<>();
            for (Parameter p : op.parameters()) {
                if (p.required()) {
                    paramSlots.put(p, values.paramSlot(p));
                }
            }
        }

        OperationModel finish() {
            String value = stubSlot >= 0 ? values.get(stubSlot).toString() : stubText;
            return new OperationModel(op, method, type, summary, params, body, replyList, stub, value,
                    calls.build(op, body, bodySlot, paramSlots), schemes.secured(op), schemes.testSchemes(op));
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
        List<OperationModel.Reply> replyList = replies.replies(op, type);
        return new Draft(op, method, type, summary, params, body, replyList, ReplyReader.stub(replyList));
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

    private OperationModel.Body body(Operation op, String type, NameTable components) {
        Operation.RequestBody rb = op.requestBody();
        if (rb == null || rb.content().isEmpty()) {
            return null;
        }
        String mt = MediaTypes.choose(rb.content());
        OperationModel.Kind kind = MediaTypes.kind(mt, true);
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
            int r = MediaTypes.rank(mt);
            if (r > MediaTypes.FORM) {
                diagnostics.warn("request media type the generated adapter answers 415", rb.pointer() + "/content/" + Schemas.escape(mt),
                        "the generated adapter binds JSON, "
                        + "form and multipart bodies to its request type; " + (r == MediaTypes.WILDCARD ? "a body in another media type matching " + mt
                        + " gets 415 ERR19001" : "a request sent as " + mt + " gets 415 ERR19001 (declare " + mt
                        + " alone to receive its " + (r == MediaTypes.TEXT ? "text)" : "bytes)")));
            }
        }
    }
}
