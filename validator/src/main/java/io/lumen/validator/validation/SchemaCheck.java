package io.lumen.validator.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Schema;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.server.ServiceContext;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks values against schemas of a spec exactly as the {@code validator} middleware would: the
 * same normalization (3.0 {@code nullable}, {@code readOnly}/{@code writeOnly} by direction, format
 * ranges, discriminators) and the same library. For tools, such as the code generator proving that
 * the examples and stubs it writes are valid. One {@link SchemaCompiler} serves the whole batch:
 * each direction's document is read once and each schema compiled once, so a spec with hundreds of
 * operations stays cheap. A spec problem is a {@link io.lumen.config.ConfigException} {@code file:line}
 * at the schema that cannot be compiled.
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

    private final SchemaCompiler compiler;

    /** A check with the validator's defaults (3.0 {@code nullable} honoured, readOnly properties ignored). */
    public SchemaCheck(OpenApiSpec spec) {
        this(new SchemaCompiler(spec, true, false));
    }

    SchemaCheck(SchemaCompiler compiler) {
        this.compiler = compiler;
    }

    /**
     * The service's one check, with its {@code openapi-validator.yml} settings: the validator
     * middleware validates with it and the declared error formats are proven with it, so a spec's
     * schemas are normalized and compiled once per service.
     */
    public static SchemaCheck shared(ServiceContext context, OpenApiSpec spec, ValidatorConfig config) {
        return context.shared(SchemaCheck.class, () -> new SchemaCheck(new SchemaCompiler(spec,
                config.handleNullableField(), config.refusesReadOnly())));
    }

    SchemaCompiler compiler() {
        return compiler;
    }

    /** The problems of one value ({@code /pointer: message}); empty for a valid value. */
    public List<String> problems(Item item) {
        Schema schema = item.response() ? compiler.response(item.pointer()) : compiler.request(item.pointer());
        List<ValidationError> errors = new ArrayList<>();
        CompiledOperation.schema(schema, item.value(), "", errors);
        List<String> problems = new ArrayList<>(errors.size());
        for (ValidationError e : errors) {
            problems.add((e.pointer().isEmpty() ? "" : e.pointer() + ": ") + e.message());
        }
        return problems;
    }

    /** The problems of each item, in order ({@code /pointer: message}); an empty list for a valid value. */
    public static List<List<String>> check(OpenApiSpec spec, List<Item> items) {
        SchemaCheck check = new SchemaCheck(spec);
        List<List<String>> out = new ArrayList<>(items.size());
        for (Item item : items) {
            out.add(check.problems(item));
        }
        return out;
    }
}
