package io.lumen.handler.audit;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code audit.yml}.
 *
 * @param enabled         link the audit middleware into chains (true)
 * @param headers         request headers written into each audit line, under their names as given ([])
 * @param mask            headers of {@code headers} whose value is written as {@code "****"} ([Authorization]);
 *                        light-4j's boolean is kept: {@code true} is the default list, {@code false} none
 * @param logLevelIsError write audit lines at ERROR instead of INFO (false)
 */
public record AuditConfig(Boolean enabled, List<String> headers, Object mask, Boolean logLevelIsError) {
    private static final List<String> DEFAULT_MASK = List.of("Authorization");

    public AuditConfig {
        enabled = enabled == null || enabled;
        headers = clean(headers, List.of());
        mask = maskList(mask);
        logLevelIsError = logLevelIsError != null && logLevelIsError;
    }

    private static List<String> maskList(Object mask) {
        if (mask == null) {
            return DEFAULT_MASK;
        }
        if (mask instanceof Boolean on) {
            return on ? DEFAULT_MASK : List.of();
        }
        if (mask instanceof String text) { // light-4j's list written as text: "[Authorization, X-Key]" or "Authorization,X-Key"
            String t = text.trim();
            if (t.startsWith("[") && t.endsWith("]")) {
                t = t.substring(1, t.length() - 1);
            }
            return clean(List.of(t.replace("\"", "").replace("'", "").split(",")), DEFAULT_MASK);
        }
        if (mask instanceof List<?> names) {
            return clean(names.stream().map(n -> n == null ? null : String.valueOf(n)).toList(), DEFAULT_MASK);
        }
        throw new IllegalArgumentException("mask: expected true, false or a list of header names, got " + mask);
    }

    /** The headers written as {@code "****"}. */
    @SuppressWarnings("unchecked")
    public List<String> maskedHeaders() {
        return (List<String>) mask;
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
