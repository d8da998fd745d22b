package io.lumen.codegen.diagnostics;

import io.lumen.openapi.OpenApiSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a generation run has to tell its user besides errors: warnings ({@code file:line: pointer:
 * message}, e.g. a {@code oneOf} without a discriminator typed as {@code JsonNode}). Errors are
 * thrown as {@link io.lumen.config.ConfigException}s from {@link OpenApiSpec#error}. Kept in the
 * order found, each once.
 */
public final class Diagnostics {
    private final OpenApiSpec spec;
    private final Map<String, Warning> warnings = new LinkedHashMap<>();

    public Diagnostics(OpenApiSpec spec) {
        this.spec = spec;
    }

    /**
     * Records a warning about the node at {@code pointer}.
     *
     * @param kind the kind of construct (one text per kind: the CLI prints one line per kind with a count)
     */
    public void warn(String kind, String pointer, String message) {
        String detail = spec.error(pointer, message).getMessage();
        warnings.putIfAbsent(detail, new Warning(kind, detail));
    }

    public List<Warning> warnings() {
        return new ArrayList<>(warnings.values());
    }
}
