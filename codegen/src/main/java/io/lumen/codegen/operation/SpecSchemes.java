package io.lumen.codegen.operation;

import io.lumen.codegen.diagnostics.Diagnostics;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.Operation;
import io.lumen.openapi.SecurityRequirement;
import io.lumen.openapi.SecurityScheme;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The security schemes a spec's operations use, as the generated project needs them: which
 * operations are secured (they run the chain with {@code security}, which enforces each operation's
 * requirements at run time), which apiKey and http basic schemes need credentials in the generated
 * {@code security.yml}, and which schemes an operation's generated test satisfies. The runtime
 * decides per request; this class only chooses config and tests. Schemes Lumen cannot check (http
 * digest and the like, mutualTLS, names no scheme declares) are warned about once each.
 */
public final class SpecSchemes {
    private final Map<String, SecurityScheme> used = new LinkedHashMap<>();

    public SpecSchemes(OpenApiSpec spec, Diagnostics diagnostics) {
        Map<String, SecurityScheme> declared = spec.securitySchemes();
        for (Operation op : spec.operations()) {
            for (SecurityRequirement r : op.security() == null ? List.<SecurityRequirement>of() : op.security()) {
                for (String name : r.schemes().keySet()) {
                    if (used.containsKey(name)) {
                        continue;
                    }
                    SecurityScheme s = declared.get(name);
                    used.put(name, s);
                    if (s == null || s.kind() == SecurityScheme.Kind.OTHER) {
                        diagnostics.warn("security scheme Lumen does not enforce", s == null ? op.pointer() : s.pointer(),
                                "security scheme '" + name + "' " + (s == null ? "is not declared in components/securitySchemes"
                                        : "is not one Lumen checks (apiKey, http basic, http bearer, oauth2, openIdConnect)")
                                        + ": requests that can only satisfy it are refused with 401");
                    }
                }
            }
        }
    }

    /** Whether the operation needs credentials: it has requirements and none of them is empty. */
    public boolean secured(Operation op) {
        return op.security() != null && !op.security().isEmpty() && op.security().stream().noneMatch(SecurityRequirement::anonymous);
    }

    /**
     * The schemes the operation's generated test sends credentials for: those of its first requirement
     * Lumen can satisfy; none for an operation that is not secured (or that no requirement can satisfy).
     */
    public List<String> testSchemes(Operation op) {
        if (!secured(op)) {
            return List.of();
        }
        for (SecurityRequirement r : op.security()) {
            if (r.schemes().keySet().stream().allMatch(n -> used.get(n) != null && used.get(n).kind() != SecurityScheme.Kind.OTHER)) {
                return List.copyOf(r.schemes().keySet());
            }
        }
        return List.of();
    }

    /** The used apiKey and http basic schemes: those the generated {@code security.yml} has credentials for. */
    public List<SecurityScheme> credentialed() {
        List<SecurityScheme> out = new ArrayList<>();
        for (SecurityScheme s : used.values()) {
            if (s != null && (s.kind() == SecurityScheme.Kind.API_KEY || s.kind() == SecurityScheme.Kind.HTTP_BASIC)) {
                out.add(s);
            }
        }
        return out;
    }

    /** The scheme of this name, if an operation uses it and it is declared; else null. */
    public SecurityScheme scheme(String name) {
        return used.get(name);
    }
}
