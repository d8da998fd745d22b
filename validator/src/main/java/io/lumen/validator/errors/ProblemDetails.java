package io.lumen.validator.errors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.lumen.status.ErrorFormat;

import java.util.Map;

/**
 * RFC 9457 problem details for Lumen's rejections where no spec declares a format: the same body a
 * spec's {@code application/problem+json} response without a schema gets ({@code type: about:blank},
 * {@code title} the HTTP reason phrase, {@code status}, {@code detail} the description, {@code instance}
 * the request path, and Lumen's {@code code} and {@code errors} as extension members). For an embedding
 * whose application answers its own errors as problem details (the Spring Boot starter sets it as the
 * {@link io.lumen.status.ErrorResponder#fallbackFormat}).
 */
public final class ProblemDetails {
    private static final String PROBLEM = "application/problem+json";

    private ProblemDetails() {
    }

    /** The format; thread-safe, made once per caller. */
    public static ErrorFormat format() {
        JsonNode schema = JsonNodeFactory.instance.objectNode();
        try {
            ErrorBodyPlan plan = ErrorBodyPlan.of(schema, schema, true, Map.of());
            return new DeclaredFormat(new DeclaredError(null, "default", PROBLEM, schema, null), plan, null);
        } catch (ErrorBodyPlan.Unfillable e) {
            throw new IllegalStateException("an open schema is always fillable", e);
        }
    }
}
