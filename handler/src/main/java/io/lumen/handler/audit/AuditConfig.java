package io.lumen.handler.audit;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code audit.yml}.
 *
 * @param enabled         link the audit middleware into chains (true)
 * @param headers         request headers written into each audit line, under their names as given ([])
 * @param mask            headers of {@code headers} whose value is written as {@code "****"} ([Authorization])
 * @param logLevelIsError write audit lines at ERROR instead of INFO (false)
 */
public record AuditConfig(Boolean enabled, List<String> headers, List<String> mask, Boolean logLevelIsError) {
    public AuditConfig {
        enabled = enabled == null || enabled;
        headers = clean(headers, List.of());
        mask = clean(mask, List.of("Authorization"));
        logLevelIsError = logLevelIsError != null && logLevelIsError;
    }

    private static List<String> clean(List<String> names, List<String> fallback) {
        if (names == null) {
            return fallback;
        }
        List<String> out = new ArrayList<>();
        for (String n : names) {
            if (n != null && !n.isBlank()) {
                out.add(n.trim());
            }
        }
        return List.copyOf(out);
    }
}
