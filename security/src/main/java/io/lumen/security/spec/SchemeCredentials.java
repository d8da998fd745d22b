package io.lumen.security.spec;

import io.lumen.security.basic.BasicAuthConfig;
import io.lumen.security.password.KeyDigest;

import java.util.ArrayList;
import java.util.List;

/**
 * The credentials of one of the spec's schemes, under its name in {@code security.yml} {@code schemes}
 * (never the secrets themselves: digests and hashes only).
 *
 * @param apiKeys  apiKey schemes: the accepted keys as {@code sha256:<hex>} (several, for rotation)
 * @param clientId apiKey schemes: the client id a request with one of them gets (default: the scheme's name)
 * @param users    http basic schemes: {@code username} and {@code password} (a bcrypt or argon2 hash)
 * @param realm    http basic schemes: the realm of the {@code WWW-Authenticate} challenge ({@code lumen})
 */
public record SchemeCredentials(List<String> apiKeys, String clientId, List<BasicAuthConfig.User> users, String realm) {
    public SchemeCredentials {
        apiKeys = apiKeys == null ? List.of() : apiKeys.stream().filter(k -> k != null && !k.isBlank()).toList();
        for (int i = 0; i < apiKeys.size(); i++) {
            try {
                KeyDigest.parse(apiKeys.get(i));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("apiKeys[" + i + "]: " + e.getMessage());
            }
        }
        clientId = clientId == null || clientId.isBlank() ? null : clientId.trim();
        users = users == null ? List.of() : List.copyOf(users);
        List<String> names = new ArrayList<>();
        for (BasicAuthConfig.User u : users) {
            if (u == null || names.contains(u.username())) {
                throw new IllegalArgumentException("users: " + (u == null ? "an empty entry" : "'" + u.username() + "' is listed twice"));
            }
            if (!u.paths().isEmpty()) {
                throw new IllegalArgumentException("users." + u.username() + ".paths: the spec says which operations take "
                        + "this scheme; paths belong to basic-auth.yml");
            }
            names.add(u.username());
        }
        realm = realm == null || realm.isBlank() ? "lumen" : realm.trim();
        if (realm.contains("\"") || realm.contains("\\") || realm.chars().anyMatch(c -> c < ' ')) {
            throw new IllegalArgumentException("realm: no quotes, backslashes or control characters");
        }
    }

    /** None configured. */
    public static final SchemeCredentials NONE = new SchemeCredentials(null, null, null, null);
}
