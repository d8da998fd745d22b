package io.lumen.openapi;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One OpenAPI operation: a method on a path, immutable.
 *
 * @param method      upper case, e.g. {@code GET}
 * @param specPath    the path as written under {@code paths}, e.g. {@code /pets/{petId}}
 * @param template    the full request path template with the base path, e.g. {@code /v1/pets/{petId}}
 * @param operationId the operationId, or null
 * @param parameters  path-level and operation-level parameters merged (the operation's win)
 * @param requestBody the request body, or null when the operation declares none
 * @param responses   by status key ({@code 200}, {@code 4XX}, {@code default})
 * @param scopes      the oauth2/openIdConnect scopes of the security requirements, any one suffices;
 *                    empty when none is required
 * @param pointer     the JSON pointer of the operation in the spec
 */
public record Operation(String method, String specPath, String template, String operationId,
                        List<Parameter> parameters, RequestBody requestBody, Map<String, Response> responses,
                        Set<String> scopes, String pointer) {

    /** {@code /v1/pets/{petId}@get}: the endpoint metrics and audit report. */
    public String endpoint() {
        return template + "@" + method.toLowerCase(Locale.ROOT);
    }

    /**
     * The key of {@link #responses} that documents an answer of {@code status}: the exact status,
     * else its range ({@code 4XX}), else {@code default}; null when none does.
     */
    public String responseKey(int status) {
        String exact = Integer.toString(status);
        if (responses.containsKey(exact)) {
            return exact;
        }
        String range = (status / 100) + "XX";
        return responses.containsKey(range) ? range : responses.containsKey("default") ? "default" : null;
    }

    /**
     * A request body.
     *
     * @param required whether the body must be present
     * @param content  media type (or range, {@code application/*}) -> schema pointer in the bundle, or null
     *                 when the media type has no schema
     * @param pointer  where it is declared
     */
    public record RequestBody(boolean required, Map<String, String> content, String pointer) {
    }

    /**
     * A response of one status key.
     *
     * @param content media type -> schema pointer in the bundle, or null when it has no schema
     * @param pointer where it is declared
     */
    public record Response(Map<String, String> content, String pointer) {
    }
}
