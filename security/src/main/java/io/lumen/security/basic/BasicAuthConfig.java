package io.lumen.security.basic;

import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.security.password.PasswordHash;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code basic-auth.yml}, with light-4j's keys. Every key is optional; unknown keys fail startup.
 *
 * @param enabled          link the middleware into chains (true)
 * @param enableAD         light-4j's LDAP switch; only {@code false} is supported
 * @param allowAnonymous   a request without {@code Authorization} passes on unauthenticated (false)
 * @param allowBearerToken a request with a {@code Bearer} token passes on, for a JWT middleware behind (false)
 * @param users            who may log in: {@code username}, {@code password} (a bcrypt or argon2 hash, never the
 *                         password) and optional {@code paths} (route prefixes the user may call; none: every path)
 * @param realm            the realm of the {@code WWW-Authenticate} challenge ({@code lumen})
 * @param cacheSize        verified credentials remembered, so a hash is checked once per client (10000)
 */
public record BasicAuthConfig(Boolean enabled, Boolean enableAD, Boolean allowAnonymous, Boolean allowBearerToken,
                              List<User> users, String realm, Integer cacheSize) {

    public BasicAuthConfig {
        enabled = enabled == null || enabled;
        if (enableAD != null && enableAD) {
            throw new IllegalArgumentException("enableAD: LDAP/Active Directory is not supported; list users with hashes");
        }
        enableAD = false;
        allowAnonymous = allowAnonymous != null && allowAnonymous;
        allowBearerToken = allowBearerToken != null && allowBearerToken;
        users = users == null ? List.of() : List.copyOf(users);
        List<String> names = new ArrayList<>();
        for (User u : users) {
            if (u == null || names.contains(u.username())) {
                throw new IllegalArgumentException("users: " + (u == null ? "an empty entry" : "'" + u.username()
                        + "' is listed twice"));
            }
            names.add(u.username());
        }
        if (enabled && users.isEmpty()) {
            throw new IllegalArgumentException("users: list at least one user, or set enabled: false");
        }
        realm = realm == null || realm.isBlank() ? "lumen" : realm.trim();
        if (realm.contains("\"") || realm.contains("\\") || realm.chars().anyMatch(c -> c < ' ')) {
            throw new IllegalArgumentException("realm: no quotes, backslashes or control characters");
        }
        cacheSize = cacheSize == null ? 10_000 : cacheSize;
        if (cacheSize < 0) {
            throw new IllegalArgumentException("cacheSize must be 0 or more, got " + cacheSize);
        }
    }

    /**
     * A user.
     *
     * @param username the name, without {@code :}
     * @param password the stored hash ({@code $2b$10$...} or {@code $argon2id$v=19$...})
     * @param paths    route path prefixes this user may call; empty: all
     */
    public record User(String username, String password, List<String> paths) {
        public User {
            if (username == null || username.isEmpty() || username.contains(":")
                    || username.chars().anyMatch(c -> c < ' ' || c == 127)) {
                throw new IllegalArgumentException("users: '" + username + "' is not a user name (no ':' or control characters)");
            }
            try {
                PasswordHash.parse(password);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("users." + username + ".password: " + e.getMessage());
            }
            paths = paths == null ? List.of() : List.copyOf(paths);
            paths.forEach(p -> PathPrefixes.check("users." + username + ".paths", p));
        }

        @Override
        public String toString() {
            return "User[" + username + ", paths " + paths + "]"; // never the hash
        }
    }
}
