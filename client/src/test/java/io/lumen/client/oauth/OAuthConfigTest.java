package io.lumen.client.oauth;

import io.lumen.client.ClientConfig;
import io.lumen.client.LumenClient;
import io.lumen.client.OAuthConfig;
import io.lumen.client.testing.TokenServer;
import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** light-4j's client.yml oauth section (its template, unchanged: see light4j-oauth/README.md) with a values.yml. */
class OAuthConfigTest {
    private static final Path LIGHT4J = Path.of("src/test/resources/light4j-oauth");

    private static ConfigLoader loader(Path dir, String values) throws Exception {
        Files.copy(LIGHT4J.resolve("client.yml"), dir.resolve("client.yml"));
        Files.writeString(dir.resolve("values.yml"), values);
        return ConfigLoader.builder().configDirs(List.of(dir)).env(k -> null).build();
    }

    @Test
    void theTemplateBindsWithItsDefaults(@TempDir Path dir) throws Exception {
        OAuthConfig oauth = loader(dir, "").load("client", ClientConfig.class).oauth();
        assertEquals(false, oauth.multipleAuthServers());
        assertEquals(60_000L, oauth.token().tokenRenewBeforeExpired());
        assertEquals(2_000L, oauth.token().expiredRefreshRetryDelay());
        assertEquals(4_000L, oauth.token().earlyRefreshRetryDelay());
        assertEquals("/oauth2/token", oauth.token().client_credentials().uri());
        assertEquals("f7d42348-c647-4efb-a52d-4c5787421e72", oauth.token().client_credentials().client_id());
        assertEquals("client_secret_basic", oauth.token().client_credentials().authMethod());
        assertEquals(200, oauth.token().cache().capacity());
    }

    @Test
    void perServiceAuthServersFromValuesYmlGetTheirOwnTokens(@TempDir Path dir) throws Exception {
        try (TokenServer pets = TokenServer.start(); TokenServer market = TokenServer.start()) {
            ConfigLoader loader = loader(dir, """
                    client.multipleAuthServers: true
                    client.tokenServerUrl: %s
                    client.tokenCcServiceIdAuthServers:
                      com.networknt.petstore-3.0.1:
                        client_id: pets-client
                        client_secret: pets-secret
                        scope:
                        - petstore.r
                        - petstore.w
                      com.networknt.market-1.0.0:
                        server_url: %s
                        client_id: market-client
                        client_secret: market-secret
                        scope:
                        - market.r
                    client.pathPrefixServices:
                      /v1/pets: com.networknt.petstore-3.0.1
                      /v1/market: com.networknt.market-1.0.0
                    """.formatted(pets.url(), market.url()));
            ClientConfig config = loader.load("client", ClientConfig.class);
            assertEquals(Map.of("/v1/pets", "com.networknt.petstore-3.0.1", "/v1/market", "com.networknt.market-1.0.0"),
                    config.pathPrefixServices());
            try (LumenClient client = LumenClient.builder().config(config).build()) {
                ClientTokens tokens = ClientTokens.fromConfig(loader, client);
                tokens.forService("com.networknt.petstore-3.0.1").token().get();
                tokens.forService("com.networknt.market-1.0.0").token().get();
                assertEquals("petstore.r petstore.w", pets.last().form().get("scope"));
                assertEquals("market.r", market.last().form().get("scope"));
                assertEquals(1, pets.tokenHits.get());
                assertEquals(1, market.tokenHits.get());
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> tokens.forService("other"));
                assertTrue(e.getMessage().startsWith("client.yml: oauth.token.client_credentials.serviceIdAuthServers.other: "
                        + "no such entry"), e.getMessage());
            }
        }
    }

    @Test
    void aProxyHostIsRefusedWithFileLineAndKey(@TempDir Path dir) throws Exception {
        ConfigLoader loader = loader(dir, "client.tokenProxyHost: proxy.example.com\n");
        ConfigException e = assertThrows(ConfigException.class, () -> loader.load("client", ClientConfig.class));
        assertTrue(e.getMessage().contains("proxyHost") && e.getMessage().contains("not supported"), e.getMessage());
    }

    @Test
    void anUnknownAuthMethodIsRefused(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("client.yml"), "oauth:\n  token:\n    client_credentials:\n      authMethod: tls_client_auth\n");
        ConfigLoader loader = ConfigLoader.builder().configDirs(List.of(dir)).env(k -> null).build();
        ConfigException e = assertThrows(ConfigException.class, () -> loader.load("client", ClientConfig.class));
        assertTrue(e.getMessage().endsWith("client.yml:3: oauth.token.client_credentials: authMethod must be one of "
                + "client_secret_basic, client_secret_post, private_key_jwt, got 'tls_client_auth'"), e.getMessage());
    }

    @Test
    void noServerUrlIsNamedWhenATokenIsAskedFor(@TempDir Path dir) throws Exception {
        ConfigLoader loader = loader(dir, "");
        try (LumenClient client = LumenClient.builder().config(loader.load("client", ClientConfig.class)).build()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ClientTokens.fromConfig(loader, client).source());
            assertEquals("client.yml: oauth.token.server_url: required to get tokens", e.getMessage());
        }
    }
}
