package io.lumen.security;

import io.lumen.config.ConfigException;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
 * light-4j's JsonWebKeySet resolver as its folders configure it: security.yml says {@code keyResolver:
 * JsonWebKeySet} and client.yml's {@code oauth.token.key} names the key server(s), light-oauth2's
 * key path included; no {@code jwksUrl}.
 */
class Light4jKeyServerTest {
    private static final String SECURITY_YML = """
            enableVerifyJwt: true
            enableVerifyScope: true
            jwt:
              certificate: ''
              clockSkewInSeconds: 60
              keyResolver: JsonWebKeySet
            enableJwtCache: true
            bootstrapFromKeyService: false
            providerId: ''
            """;

    @TempDir
    Path dir;

    private static Map<String, Object> jwk(ProviderKey key) {
        Map<String, Object> jwk = key.bareJwk();
        jwk.putAll(map("kid", key.kid, "use", "sig", "alg", "RS256"));
        return jwk;
    }

    private static Map<String, Object> claims(String aud) {
        return map("iss", "urn:com:networknt:oauth2:v1", "aud", aud, "exp", now() + 300, "iat", now(),
                "client_id", "f7d42348", "user_id", "steve", "scope", List.of("read:pets"));
    }

    private TestService service(String clientYml) {
        return TestService.in(dir).file("handler.yml", ProviderTokens.HANDLER_YML).file("security.yml", SECURITY_YML)
                .file("client.yml", clientYml);
    }

    @Test
    void theKeyServerOfClientYmlIsTheJwks() {
        ProviderKey key = ProviderKey.rsa("Tj_l_tIBTginOtQbL0Pv5w");
        try (JwksServer jwks = new JwksServer(ProviderKey.jwks(jwk(key)));
             TestService s = service("""
                     oauth:
                       token:
                         key:
                           server_url: %s
                           serviceId: com.networknt.oauth2-key-1.0.0
                           uri: /jwks
                           client_id: f7d42348-c647-4efb-a52d-4c5787421e72
                           client_secret: f6h1FTI8Q3-7UScPZDzfXA
                           enableHttp2: true
                           audience: urn:com.networknt
                     """.formatted(jwks.url().replace("/jwks", ""))).start()) {
            accepted(call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), claims("urn:com.networknt"))));
            // client.yml's key audience is checked, as light-4j does
            refused(call(s, "/v1/pets", key.sign("RS256", map("kid", key.kid), claims("urn:other"))), 401, "ERR10000",
                    "audience");
        }
    }

    @Test
    void multipleAuthServersEachServeTheirKeysAsMapOrJsonString() {
        ProviderKey a = ProviderKey.rsa("a-kid");
        ProviderKey b = ProviderKey.rsa("b-kid");
        try (JwksServer ja = new JwksServer(ProviderKey.jwks(jwk(a))); JwksServer jb = new JwksServer(ProviderKey.jwks(jwk(b)))) {
            String asMap = """
                    oauth:
                      multipleAuthServers: true
                      token:
                        key:
                          serviceIdAuthServers:
                            com.networknt.petstore-1.0.0: {server_url: '%s', uri: /jwks}
                            com.networknt.market-1.0.0: {server_url: '%s', uri: /jwks}
                            com.networknt.swt-1.0.0: {server_url: 'http://127.0.0.1:1', uri: /introspect, client_id: c, client_secret: s}
                    """.formatted(ja.url().replace("/jwks", ""), jb.url().replace("/jwks", ""));
            String asString = """
                    oauth:
                      multipleAuthServers: true
                      token:
                        key:
                          serviceIdAuthServers: '{"petstore":{"server_url":"%s","uri":"/jwks"},"market":{"server_url":"%s","uri":"/jwks"}}'
                    """.formatted(ja.url().replace("/jwks", ""), jb.url().replace("/jwks", ""));
            for (String clientYml : List.of(asMap, asString)) {
                try (TestService s = service(clientYml).start()) {
                    accepted(call(s, "/v1/pets", a.sign("RS256", map("kid", a.kid), claims("any"))));
                    accepted(call(s, "/v1/pets", b.sign("RS256", map("kid", b.kid), claims("any"))));
                }
            }
        }
    }

    @Test
    void jsonWebKeySetWithoutAnyKeyServerStopsStartupAtItsLine() {
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(dir)
                .file("handler.yml", ProviderTokens.HANDLER_YML).file("security.yml", SECURITY_YML).start());
        assertTrue(e.getMessage().contains("security.yml:6"), e.getMessage());
        assertTrue(e.getMessage().contains("jwt.keyResolver") && e.getMessage().contains("client.yml oauth.token.key"),
                e.getMessage());
    }

    @Test
    void aKeyServerWithoutUriStopsStartupAtItsLine() {
        ConfigException e = assertThrows(ConfigException.class, () -> service("""
                oauth:
                  token:
                    key:
                      server_url: https://localhost:6886
                """).start());
        assertTrue(e.getMessage().contains("client.yml:3"), e.getMessage());
        assertTrue(e.getMessage().contains("server_url and uri"), e.getMessage());
    }

    @Test
    void noKeySourceAtAllStopsStartup() {
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(dir)
                .file("handler.yml", ProviderTokens.HANDLER_YML).file("security.yml", "jwt: {}\n").start());
        assertTrue(e.getMessage().contains("security.yml:1") && e.getMessage().contains("no key source"), e.getMessage());
        assertEquals(ConfigException.class, e.getClass());
    }
}
