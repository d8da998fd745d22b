package io.lumen.openapi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One security requirement object of an operation (or of the document): every scheme it names must
 * be satisfied (AND); an operation's requirements are alternatives (OR). An empty one ({@code {}})
 * lets a request through unauthenticated. Immutable.
 *
 * @param schemes scheme name (a key of {@code components/securitySchemes}) -> the scopes it lists
 *                (oauth2/openIdConnect; OpenAPI 3.1 allows roles for the other types), in spec order
 */
public record SecurityRequirement(Map<String, List<String>> schemes) {
    public SecurityRequirement {
        schemes = Collections.unmodifiableMap(new LinkedHashMap<>(schemes));
    }

    /** Whether this alternative asks for nothing ({@code {}}): anonymous access. */
    public boolean anonymous() {
        return schemes.isEmpty();
    }
}
