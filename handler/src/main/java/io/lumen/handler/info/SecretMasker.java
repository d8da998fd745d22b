package io.lumen.handler.info;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Copies a config tree with the values of secret-looking keys replaced by {@code "****"}. Immutable. */
final class SecretMasker {
    static final String MASKED = "****";
    private static final String BUILT_IN = "pass|secret|token|credential|privatekey|apikey";

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
}
