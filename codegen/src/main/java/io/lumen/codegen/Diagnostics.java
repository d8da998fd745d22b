package io.lumen.codegen;

import io.lumen.openapi.OpenApiSpec;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a generation run has to tell its user besides errors: warnings ({@code file:line: pointer:
 * message}, e.g. a {@code oneOf} without a discriminator typed as {@code JsonNode}). Errors are
 * thrown as {@link io.lumen.config.ConfigException}s from {@link OpenApiSpec#error}. Kept in the
 * order found, each once.
 */
public final class Diagnostics {
    private final OpenApiSpec spec;
    private final Set<String> warnings = new LinkedHashSet<>();

    public Diagnostics(OpenApiSpec spec) {
        this.spec = spec;
    }

    /** Records a warning about the node at {@code pointer}. */
    public void warn(String pointer, String message) {
        warnings.add(spec.error(pointer, message).getMessage());
    }

    public List<String> warnings() {
        return new ArrayList<>(warnings);
    }
}
