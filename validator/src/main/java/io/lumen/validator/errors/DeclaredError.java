package io.lumen.validator.errors;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.openapi.Operation;

/**
 * The error response a spec declares for one answer, as an {@link ErrorMapper} sees it.
 *
 * @param operation   the request's operation; null for a path under the spec with no operation
 *                    (404, 405), where every operation declares this same format
 * @param responseKey the declaring key of {@code responses}: the status, {@code 4XX} or {@code default}
 * @param mediaType   the declared media type the answer is written in
 * @param schema      the declared schema, {@code $ref} resolved (its own {@code $ref}s point into the bundle)
 * @param pointer     the schema's JSON pointer in the spec bundle
 */
public record DeclaredError(Operation operation, String responseKey, String mediaType, JsonNode schema, String pointer) {
}
