package io.lumen.security;

import io.lumen.config.ConfigException;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.lumen.security.ProviderKey.map;
import static io.lumen.security.ProviderTokens.accepted;
import static io.lumen.security.ProviderTokens.call;
import static io.lumen.security.ProviderTokens.now;
import static io.lumen.security.ProviderTokens.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * light-4j's shipped security.yml, verbatim, with the values.yml overrides its folders write (lists and
 * maps as comma-separated and JSON strings): each key honoured with light-4j's defaults, or refused at
 * startup with file, line and key.
 */
class Light4jSecurityYmlTest {
    private static final String HANDLER_YML = ProviderTokens.HANDLER_YML
            + "  - {path: '/nospec', method: GET, exec: [exception, security, show]}\n";

    @TempDir
    Path dir;

    private static String shipped() {
        try (InputStream in = Light4jSecurityYmlTest.class.getResourceAsStream("/light-4j/security.yml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private TestService service(String valuesYml) {
        return TestService.in(dir).file("handler.yml", HANDLER_YML).file("security.yml", shipped())
                .file("values.yml", valuesYml);
    }

    private static Map<String, Object> claims() {
        return map("iss", "urn:com:networknt:oauth2:v1", "aud", "urn:com.networknt", "exp", now() + 300, "iat", now(),
                "client_id", "f7d42348", "user_id", "steve", "scope", List.of("read:pets"));
    }

    @Test
    void theShippedFileWithAFoldersValuesYml() {
        ProviderKey key = ProviderKey.rsa("100");
        key.writeCertificate(dir.resolve("100.crt"));
        try (TestService s = service("""
                security.certificate: 100=100.crt
                security.keyResolver: X509Certificate
                security.clockSkewInSeconds: 0
                security.skipPathPrefixes: /health,/public
                security.passThroughClaims: '{"client_id":"X-Client-Id"}'
                """).start()) {
            var r = call(s, "/v1/pets", key.sign("RS256", map("kid", "100"), claims()));
            accepted(r);
            assertTrue(r.body().endsWith("x-client=f7d42348"), r.body());
            assertEquals(200, s.get("/public/info").statusCode(), "skipPathPrefixes from a comma-separated string");
            // light-4j's default skipVerifyScopeWithoutSpec: false: a route no spec describes needs scopes it cannot know
            refused(call(s, "/nospec", key.sign("RS256", map("kid", "100"), claims())), 403, "ERR10005", "insufficient_scope");
            Map<String, Object> expired = claims();
            expired.put("iat", now() - 60);
            expired.put("exp", now() - 5);
            refused(call(s, "/v1/pets", key.sign("RS256", map("kid", "100"), expired)), 401, "ERR10001", "expired");
        }
    }

    @Test
    void itsDefaultJsonWebKeySetWithoutAKeyServerIsRefusedAtItsLine() {
        ConfigException e = assertThrows(ConfigException.class, () -> service("security.clockSkewInSeconds: 0\n").start());
        assertTrue(e.getMessage().contains("security.yml:69") && e.getMessage().contains("jwt.keyResolver"), e.getMessage());
    }

    @Test
    void ignoreJwtExpiryTrueIsRefusedAtItsLine() {
        ConfigException e = assertThrows(ConfigException.class, () -> service("""
                security.certificate: 100=100.crt
                security.keyResolver: X509Certificate
                security.ignoreJwtExpiry: true
                """).start());
        assertTrue(e.getMessage().contains("values.yml:3") && e.getMessage().contains("ignoreJwtExpiry"), e.getMessage());
    }
}
