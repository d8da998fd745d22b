package io.lumen.validator.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lumen.openapi.OpenApiSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks values against schemas of a spec exactly as the {@code validator} middleware would: the
 * same normalization (3.0 {@code nullable}, {@code readOnly}/{@code writeOnly} by direction, format
 * ranges, discriminators) and the same library. For tools, such as the code generator proving that
 * the examples and stubs it writes are valid. A whole batch is checked with one compiled schema per
 * direction (a schema that refers to each one checked), so a spec with hundreds of operations costs
 * two compiles, not hundreds. A spec problem is a {@link io.lumen.config.ConfigException} {@code file:line}.
 */
public final class SchemaCheck {

    /**
     * One value to check.
     *
     * @param pointer  the schema's JSON pointer in the spec bundle
     * @param value    the value
     * @param response true: as a response body ({@code writeOnly} allowed); false: as a request value
     */
    public record Item(String pointer, JsonNode value, boolean response) {
    }

    private SchemaCheck() {
    }

    /** The problems of each item, in order; an empty list for a valid value. */
    public static List<List<String>> check(OpenApiSpec spec, List<Item> items) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode requestSchema = nodes.objectNode();
        ObjectNode responseSchema = nodes.objectNode();
        ObjectNode requestValue = nodes.objectNode();
        ObjectNode responseValue = nodes.objectNode();
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            ObjectNode schema = item.response() ? responseSchema : requestSchema;
            schema.withObjectProperty("properties").putObject(String.valueOf(i)).put("$ref", "#" + item.pointer());
            (item.response() ? responseValue : requestValue).set(String.valueOf(i), item.value());
        }
        SchemaCompiler compiler = new SchemaCompiler(spec, true, requestSchema, responseSchema);
        List<List<String>> out = new ArrayList<>(items.size());
        items.forEach(i -> out.add(new ArrayList<>()));
        collect(compiler.request("/" + SchemaCompiler.EXTRA), requestValue, out);
        collect(compiler.response("/" + SchemaCompiler.EXTRA), responseValue, out);
        return out;
    }

    private static void collect(com.networknt.schema.Schema schema, ObjectNode value, List<List<String>> out) {
        if (value.isEmpty()) {
            return;
        }
        List<ValidationError> errors = new ArrayList<>();
        CompiledOperation.schema(schema, value, "", errors);
        for (ValidationError e : errors) {
            String pointer = e.pointer();
            int slash = pointer.indexOf('/', 1);
            String index = slash < 0 ? pointer.substring(1) : pointer.substring(1, slash);
            String inner = slash < 0 ? "" : pointer.substring(slash);
            out.get(Integer.parseInt(index)).add((inner.isEmpty() ? "" : inner + ": ") + e.message());
        }
    }
}
