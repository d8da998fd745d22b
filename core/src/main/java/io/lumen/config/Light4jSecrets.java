package io.lumen.config;

import java.util.Map;
import java.util.Optional;

/**
 * light-4j's {@code secret.yml} (1.x to 2.0.1): its server read the key store, key and trust store
 * passwords from there ({@code serverKeystorePass}, {@code serverKeyPass}, {@code serverTruststorePass})
 * whenever server.yml did not set them. Folders of that time still carry it beside a server.yml
 * without passwords (light-config-test's light-router {@code cloud/config}); Lumen reads those three the
 * same way, below server.yml, values.yml and the environment. Its other keys (client and OAuth secrets,
 * e-mail passwords) had moved to client.yml and email.yml by light-4j 2.x and are not read.
 */
final class Light4jSecrets {
    private static final Map<String, String> SERVER = Map.of(
            "server.keystorePass", "serverKeystorePass",
            "server.keyPass", "serverKeyPass",
            "server.truststorePass", "serverTruststorePass");

    private Light4jSecrets() {
    }

    /** The secret.yml value standing for module key {@code key} ({@code server.keystorePass}), or null. */
    static PlaceholderResolver.Found of(String key, Optional<ConfigFile> secretYml) {
        String secretKey = SERVER.get(key);
        if (secretKey == null || secretYml.isEmpty() || !(secretYml.get().tree() instanceof Map<?, ?> tree)) {
            return null;
        }
        Object value = tree.get(secretKey);
        if (value == null) {
            return null;
        }
        ConfigFile file = secretYml.get();
        String pointer = JsonPointers.child("", secretKey);
        ValueOrigin origin = file.originOf(pointer);
        return new PlaceholderResolver.Found(value, origin != null ? origin
                : new ValueOrigin(file.displayName(), file.lineOf(pointer), secretKey));
    }
}
