package io.lumen.validator.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.openapi.OpenApiSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks a value against a schema of a spec exactly as the {@code validator} middleware would: the
 * same normalization (3.0 {@code nullable}, {@code readOnly}/{@code writeOnly} by direction, format
 * ranges, discriminators) and the same compiled schemas. For tools, such as the code generator
 * proving that the examples and stubs it writes are valid. Not thread-safe (schemas are compiled on
 * first use); a spec problem is a {@link io.lumen.config.ConfigException} {@code file:line}.
 */
public final class SchemaCheck {
    private final SchemaCompiler compiler;

    public SchemaCheck(OpenApiSpec spec) {
        this.compiler = new SchemaCompiler(spec, true);
    }

    /** The problems of {@code value} as a request value of the schema at {@code pointer}; empty when valid. */
    public List<String> request(String pointer, JsonNode value) {
        return problems(compiler.request(pointer), value);
    }

    /** The problems of {@code value} as a response value of the schema at {@code pointer}; empty when valid. */
    public List<String> response(String pointer, JsonNode value) {
        return problems(compiler.response(pointer), value);
    }

    private static List<String> problems(com.networknt.schema.Schema schema, JsonNode value) {
        List<ValidationError> errors = new ArrayList<>();
        CompiledOperation.schema(schema, value, "", errors);
        List<String> out = new ArrayList<>(errors.size());
        errors.forEach(e -> out.add((e.pointer().isEmpty() ? "" : e.pointer() + ": ") + e.message()));
        return out;
    }
}
