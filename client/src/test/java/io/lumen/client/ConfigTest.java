package io.lumen.client;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigTest {
    static final Path EXAMPLE = Path.of("../config/client");

    @Test
    void theExampleClientYmlBindsToTheDefaults() {
        ConfigLoader loader = ConfigLoader.builder().configDirs(List.of(EXAMPLE)).env(k -> null).build();
        ClientConfig c = loader.load("client", ClientConfig.class);
        ClientConfig d = ClientConfig.defaults();
        assertEquals(d.tls(), new ClientConfig.Tls(c.tls().verifyHostname(), c.tls().loadDefaultTrustStore(),
                c.tls().loadTrustStore(), c.tls().trustStore(), "", c.tls().loadKeyStore(), c.tls().keyStore(), "",
                "", c.tls().tlsVersion()));
        assertEquals(d.request().timeout(), c.request().timeout());
        assertEquals(d.request().connectTimeout(), c.request().connectTimeout());
        assertEquals(d.request().errorThreshold(), c.request().errorThreshold());
        assertEquals(d.request().maxQueue(), c.request().maxQueue());
        assertEquals(d.oauth().token().tokenRenewBeforeExpired(), c.oauth().token().tokenRenewBeforeExpired());
        assertEquals(d.oauth().token().client_credentials().authMethod(), c.oauth().token().client_credentials().authMethod());
        assertEquals(d.oauth().token().token_exchange(), c.oauth().token().token_exchange());
        assertEquals(d.pathPrefixServices(), c.pathPrefixServices());
    }

    @Test
    void placeholdersTakeValuesFromTheEnvironment() {
        Map<String, String> env = Map.of("CLIENT_TIMEOUT", "250", "CLIENT_VERIFYHOSTNAME", "false");
        ConfigLoader loader = ConfigLoader.builder().configDirs(List.of(EXAMPLE)).env(env::get).build();
        ClientConfig c = loader.load("client", ClientConfig.class);
        assertEquals(250, c.request().timeout());
        assertEquals(false, c.tls().verifyHostname());
    }

    @Test
    void aBadValueStopsWithFileAndLine(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("client.yml"), "request:\n  timeout: 100\n  maxRetries: -1\n");
        ConfigLoader loader = ConfigLoader.builder().configDirs(List.of(dir)).build();
        ConfigException e = assertThrows(ConfigException.class, () -> loader.load("client", ClientConfig.class));
        assertTrue(e.getMessage().contains("client.yml") && e.getMessage().contains("maxRetries must be at least 0"),
                e.getMessage());
    }

    @Test
    void discoveryComesFromTheEnvironmentAndBadHostsNameTheFile(@TempDir Path dir) throws Exception {
        Map<String, String> env = Map.of("CLIENT_DISCOVERY_ENABLED", "true",
                "CLIENT_DISCOVERY_HOSTS", "http://pets.default.svc.cluster.local:8080, https://orders:8443",
                "CLIENT_DISCOVERY_RESOLVERS", "10.96.0.10");
        ClientConfig c = ConfigLoader.builder().configDirs(List.of(EXAMPLE)).env(env::get).build().load("client", ClientConfig.class);
        assertTrue(c.discovery().enabled());
        assertEquals(List.of("http://pets.default.svc.cluster.local:8080", "https://orders:8443"), c.discovery().hosts());
        assertEquals(53, c.discovery().resolverAddresses().get(0).getPort());

        Files.writeString(dir.resolve("client.yml"), "discovery:\n  enabled: true\n  hosts: [pets:8080]\n");
        ConfigException e = assertThrows(ConfigException.class,
                () -> ConfigLoader.builder().configDirs(List.of(dir)).build().load("client", ClientConfig.class));
        assertTrue(e.getMessage().contains("client.yml") && e.getMessage().contains("discovery.hosts: 'pets:8080' must be http://name[:port]"),
                e.getMessage());
    }

    @Test
    void aClientFromConfigLoadsItsTrustStoreThroughTheConfigDirs(@TempDir Path dir) throws Exception {
        try (var in = getClass().getResourceAsStream("/tls/client-trust.p12")) {
            Files.copy(in, dir.resolve("client.truststore"));
        }
        Files.writeString(dir.resolve("client.yml"), "tls:\n  trustStorePass: changeit\n  loadDefaultTrustStore: false\n");
        try (TestServer server = TestServer.start(true);
             LumenClient client = LumenClient.fromConfig(ConfigLoader.builder().configDirs(List.of(dir)).build())) {
            assertEquals("Hello cfg", client.send(Request.get(server.https("/get?name=cfg")).build())
                    .get(5, TimeUnit.SECONDS).bodyString());
        }
    }
}
