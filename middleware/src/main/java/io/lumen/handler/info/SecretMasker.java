package io.lumen.handler.info;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Copies a config tree with the values of secret-looking keys replaced by {@code "****"}. A key named
 * {@code headers} holding a map or text (HTTP headers to send, e.g. tracing.yml's credentials for a
 * collector) has every value masked; a list there (audit.yml's header names) is shown. Immutable.
 */
final class SecretMasker {
    static final String MASKED = "****";
    private static final String BUILT_IN = "pass|secret|token|credential|privatekey|apikey|authorization";
    private static final String HEADER_VALUES = "headers";

    private final Pattern secret;

    SecretMasker(List<String> extra) {
        StringBuilder p = new StringBuilder(BUILT_IN);
        for (String e : extra) {
            p.append("|(?:").append(e).append(')');
        }
        this.secret = Pattern.compile(p.toString(), Pattern.CASE_INSENSITIVE);
    }

    boolean isSecret(String key) {
        return key.equalsIgnoreCase("key") || secret.matcher(key).find();
    }

    Object mask(Object node) {
        if (node instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> {
                String key = String.valueOf(k);
                if (HEADER_VALUES.equalsIgnoreCase(key) && (v instanceof Map<?, ?> || v instanceof String)) {
                    out.put(key, maskValues(v));
                    return;
                }
                out.put(key, isSecret(key) && v != null && !(v instanceof Map<?, ?>) && !(v instanceof List<?>)
                        ? MASKED : mask(v));
            });
            return out;
        }
        if (node instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(v -> out.add(mask(v)));
            return out;
        }
        return node;
    }

    /** Text masked whole; a map keeps its names and masks every value. */
    private static Object maskValues(Object headers) {
        if (headers instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(String.valueOf(k), v == null ? null : MASKED));
            return out;
        }
        return ((String) headers).isEmpty() ? headers : MASKED;
    }
}
