package io.lumen.security;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SecurityConfigTest {
    @TempDir
    Path dir;

    private SecurityConfig load(String yaml, Map<String, Object> values) throws Exception {
        Files.writeString(dir.resolve("security.yml"), yaml);
        return ConfigLoader.builder().configDirs(List.of(dir)).overrides(values).env(k -> null).build()
                .load("security", SecurityConfig.class);
    }

    private String error(String yaml) {
        return assertThrows(ConfigException.class, () -> load(yaml, Map.of())).getMessage();
    }

    @Test
    void defaultsAreSafe() throws Exception {
        SecurityConfig c = load("jwt: {certificate: {k: k.crt}}", Map.of());
        assertTrue(c.enableVerifyJwt());
        assertTrue(c.enableVerifyScope());
        assertTrue(c.enableJwtCache());
        assertFalse(c.ignoreJwtExpiry());
        assertEquals(60, c.jwt().clockSkewInSeconds());
        assertEquals(SecurityConfig.Jwt.DEFAULT_ALGORITHMS, c.jwt().algorithms());
        assertEquals(10_000, c.jwt().cacheSize());
        assertTrue(c.jwt().issuer().isEmpty());
        assertTrue(c.jwt().audience().isEmpty());
    }

    @Test
    void theCertificateMapMayBeLight4jsStringFormFromValuesYml() throws Exception {
        SecurityConfig c = load("""
                jwt:
                  certificate: ${security.certificate:}
                  audience: ${security.audience:}
                """, Map.of("security.certificate", "100=primary.crt&101=secondary.crt", "security.audience", "a, b"));
        assertEquals(Map.of("100", "primary.crt", "101", "secondary.crt"), c.jwt().certificates());
        assertEquals(List.of("a", "b"), c.jwt().audience());
        assertEquals(Map.of("7", "x.crt"), load("jwt: {certificate: '{7: x.crt}'}", Map.of()).jwt().certificates());
    }

    @Test
    void dangerousSettingsStopStartupWithFileAndLine() {
        assertTrue(error("jwt:\n  certificate: {k: k.crt}\n  algorithms: [RS256, none]\n").contains("security.yml:"));
        assertTrue(error("jwt:\n  certificate: {k: k.crt}\n  algorithms: [RS256, none]\n").contains("'none' is never allowed"));
        assertTrue(error("jwt:\n  certificate: {k: k.crt}\n  algorithms: [HS256]\n").contains("needs jwt.sharedSecret"));
        assertTrue(error("jwt:\n  sharedSecret: short\n").contains("at least 32 bytes"));
        assertTrue(error("jwt: {certificate: 'k'}\n").contains("expected kid=file"));
        assertTrue(error("jwt: {certificate: {k: k.crt}, cacheSize: 0}\n").contains("cacheSize"));
        assertTrue(error("enableVerifyJwt: true\nunknownKey: 1\njwt: {certificate: {k: k.crt}}\n").contains("unknownKey"));
    }

    @Test
    void hmacIsAllowedOnlyWithAnExplicitSecret() throws Exception {
        SecurityConfig c = load("jwt:\n  sharedSecret: 0123456789abcdef0123456789abcdef\n  algorithms: [HS256]\n", Map.of());
        assertEquals(List.of("HS256"), c.jwt().algorithms());
    }

    @Test
    void disabledVerificationNeedsNoKeys() throws Exception {
        assertFalse(load("enableVerifyJwt: false\n", Map.of()).enableVerifyJwt());
    }
}
