package io.lumen.validator.errors;

import io.lumen.status.ErrorContent;

/**
 * The user's hook for error formats Lumen cannot fill itself: a class named by
 * {@code openapi-validator.yml errorFormat.mapper} (a generated project's user-owned mapper) is asked
 * first for every answer whose operation declares an error response with a JSON schema. Called on
 * the request's thread for each error; must be thread-safe and must not block.
 */
@FunctionalInterface
public interface ErrorMapper {
    /**
     * The body of {@code error} in the declared format, as a value Jackson writes (a record, a map,
     * a {@code JsonNode}); null to let Lumen fill the declared schema itself (or answer with its
     * error JSON where it cannot).
     */
    Object map(DeclaredError declared, ErrorContent error);
}
