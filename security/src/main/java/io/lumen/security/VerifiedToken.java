package io.lumen.security;

import io.lumen.security.cache.TokenCache;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A token whose signature and claims were verified: immutable, shared by every request that presents
 * the same token while it is cached. Handlers read it through {@link SecurityAttachments#TOKEN}.
 *
 * @param claims        every claim, as parsed JSON (String, Number, Boolean, List, Map), unmodifiable
 * @param subject       {@code sub}, or null
 * @param clientId      {@code client_id}, else {@code cid}, or null
 * @param userId        {@code user_id}, else {@code uid}, else {@code sub}, or null
 * @param scopes        {@code scope}, else {@code scp}: a space-separated string or an array; empty if neither
 * @param expiresAtMillis {@code exp} in epoch milliseconds
 */
public record VerifiedToken(Map<String, Object> claims, String subject, String clientId, String userId,
                            Set<String> scopes, long expiresAtMillis) implements TokenCache.Expiring {

    public VerifiedToken {
        claims = deepCopy(claims);
        scopes = Set.copyOf(scopes);
    }

    /** Builds the token view from verified claims. */
    public static VerifiedToken of(Map<String, Object> claims, long expiresAtMillis) {
        String sub = text(claims.get("sub"));
        String client = first(text(claims.get("client_id")), text(claims.get("cid")));
        String user = first(first(text(claims.get("user_id")), text(claims.get("uid"))), sub);
        Set<String> scopes = scopes(claims.containsKey("scope") ? claims.get("scope") : claims.get("scp"));
        return new VerifiedToken(claims, sub, client, user, scopes, expiresAtMillis);
    }

    /** The claim as text (numbers and booleans printed, arrays joined by spaces), or null. */
    public String claim(String name) {
        Object v = claims.get(name);
        if (v instanceof List<?> list) {
            return String.join(" ", list.stream().map(String::valueOf).toList());
        }
        return v == null ? null : String.valueOf(v);
    }

    /** Whether the token holds any of {@code accepted} (an empty set needs no scope). */
    public boolean hasAnyScope(Set<String> accepted) {
        if (accepted.isEmpty()) {
            return true;
        }
        for (String s : accepted) {
            if (scopes.contains(s)) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> scopes(Object value) {
        Set<String> out = new LinkedHashSet<>();
        if (value instanceof String s) {
            for (String part : s.trim().split("\\s+")) {
                if (!part.isEmpty()) {
                    out.add(part);
                }
            }
        } else if (value instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof String s && !s.isBlank()) {
                    out.add(s.trim());
                }
            }
        }
        return out;
    }

    private static String text(Object v) {
        return v instanceof String || v instanceof Number ? String.valueOf(v) : null;
    }

    private static String first(String a, String b) {
        return a != null ? a : b;
    }

    @SuppressWarnings("unchecked")
    private static <T> T deepCopy(T value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(String.valueOf(k), deepCopy(v)));
            return (T) Collections.unmodifiableMap(copy);
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(v -> copy.add(deepCopy(v)));
            return (T) Collections.unmodifiableList(copy);
        }
        return value;
    }
}
