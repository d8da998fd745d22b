package io.lumen.codegen.operation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.lumen.codegen.diagnostics.Diagnostics;
import io.lumen.codegen.example.Instances;
import io.lumen.codegen.schema.Schemas;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.Operation;
import io.lumen.openapi.Parameter;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The values a stub answers and a generated test sends: the spec's example when it validates against
 * its schema, else a synthesized instance (with, then without, sub-schema examples). JSON values are
 * registered as slots and checked together in {@link #resolve} with the validator's own schemas;
 * text and binary values are taken as they are.
 */
final class SampleValues {
    private final JsonNode bundle;
    private final ValueSlots slots = new ValueSlots();

    SampleValues(JsonNode bundle) {
        this.bundle = bundle;
    }

    /** Checks every registered slot in one batch; {@link #get} works after it. */
    void resolve(OpenApiSpec spec, Diagnostics diagnostics) {
        slots.resolve(spec, diagnostics);
    }

    JsonNode get(int slot) {
        return slots.get(slot);
    }

    /** The stub's text for text and binary replies (binary base64-encoded); null otherwise. */
    String stubText(Operation op, OperationModel.Reply stub) {
        if (stub.kind() != OperationModel.Kind.TEXT && stub.kind() != OperationModel.Kind.BYTES) {
            return null;
        }
        JsonNode example = mediaExample(op.responses().get(stub.statusKey()).pointer() + "/content/" + Schemas.escape(stub.mediaType()));
        if (stub.kind() == OperationModel.Kind.TEXT) {
            return example != null && example.isTextual() ? example.asText() : "string";
        }
        return example != null && example.isTextual()
                ? Base64.getEncoder().encodeToString(example.asText().getBytes(StandardCharsets.UTF_8)) : "";
    }

    int stubSlot(Operation op, String type, OperationModel.Reply stub) {
        Operation.Response response = op.responses().get(stub.statusKey());
        String mediaPointer = response.pointer() + "/content/" + Schemas.escape(stub.mediaType());
        return jsonSlot(mediaPointer, response.content().get(stub.mediaType()), mediaExample(mediaPointer),
                Instances.Direction.RESPONSE, type + " stub");
    }

    int bodySlot(Operation op, OperationModel.Body body) {
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
            addInstances(candidates, schema, direction);
        }
        return slots.add(schema, direction == Instances.Direction.RESPONSE, candidates, example != null, where, what);
    }

    /** A required parameter's value: its example, else an instance of its schema; the first that validates wins. */
    int paramSlot(Parameter p) {
        JsonNode example = example(bundle.at(p.pointer()));
        List<JsonNode> candidates = new ArrayList<>();
        if (example != null) {
            candidates.add(example);
        }
        if (p.schemaPointer() == null) {
            candidates.add(JsonNodeFactory.instance.textNode("value"));
            return slots.add(null, false, candidates, false, null, null);
        }
        addInstances(candidates, p.schemaPointer(), Instances.Direction.REQUEST);
        if (candidates.isEmpty()) {
            candidates.add(JsonNodeFactory.instance.textNode("value"));
        }
        return slots.add(p.schemaPointer(), false, candidates, false, p.pointer(), "required parameter " + p.location() + " of the test request");
    }

    private void addInstances(List<JsonNode> candidates, String schema, Instances.Direction direction) {
        for (boolean useExamples : new boolean[] {true, false}) {
            JsonNode v = new Instances(bundle, direction, useExamples).of(schema);
            if (v != null && !candidates.contains(v)) {
                candidates.add(v);
            }
        }
    }

    /** The media type's {@code example}, or the value of its first {@code examples} entry. */
    JsonNode mediaExample(String mediaPointer) {
        return example(bundle.at(Schemas.deref(bundle, mediaPointer)));
    }

    /** A parameter's or media type's {@code example}, else the value of its first {@code examples} entry that has one. */
    private JsonNode example(JsonNode node) {
        if (node.has("example")) {
            return node.get("example");
        }
        for (JsonNode e : node.path("examples")) {
            JsonNode resolved = e.has("$ref") ? bundle.at(Schemas.deref(bundle, e.get("$ref").asText().substring(1))) : e;
            if (resolved.has("value")) {
                return resolved.get("value");
            }
        }
        return null;
    }
}
