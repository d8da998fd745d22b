package io.lumen.handler.info;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.handler.observability.Services;
import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ServerInfoHandlerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ROUTES = """
            paths:
              - {path: /adm/server/info, method: GET, exec: [info]}
            """;

    @TempDir
    Path dir;

    @Test
    void infoDescribesTheServiceAndMasksSecretsInEveryLoadedFile() throws Exception {
        try (TestService s = Services.in(dir)
                .file("values.yml", "db.password: values-secret\n")
                .value("server.serviceId", "info-svc").value("server.environment", "test")
                .value("server.keystorePass", "ks-secret")
                .file("client.yml", """
                        url: https://auth
                        password: ${db.password}
                        oauth: {clientSecret: cs-secret, apiKey: ak, key: k1, tokenUrl: https://t, keystoreName: c.ks}
                        items: [{accessToken: at-secret}]
                        routingRule: keep-me
                        """)
                .file("info.yml", "maskKeys: [routing]\n")
                .file("handler.yml", ROUTES).start()) {
            s.service().context().config().find("client");
            HttpResponse<String> r = s.get("/adm/server/info");
            assertEquals(200, r.statusCode());
            assertEquals("application/json", r.headers().firstValue("Content-Type").orElseThrow());
            JsonNode info = JSON.readTree(r.body());
            assertEquals("dev", info.get("lumenVersion").asText());
            assertEquals(System.getProperty("java.version"), info.get("javaVersion").asText());
            assertTrue(info.get("javaVendor").isTextual());
            assertTrue(info.get("uptimeMs").asLong() >= 0);
            assertEquals("info-svc", info.get("serviceId").asText());
            assertEquals("test", info.get("environment").asText());
            assertEquals("READY", info.get("state").asText());

            JsonNode config = info.get("config");
            for (String name : List.of("server", "handler", "info", "client", "lumen-status", "values")) {
                assertTrue(config.has(name), name + " in " + config.fieldNames());
            }
            assertEquals("****", config.at("/server/keystorePass").asText());
            assertEquals("127.0.0.1", config.at("/server/ip").asText());
            assertEquals("****", config.at("/client/password").asText());
            assertEquals("****", config.at("/client/oauth/clientSecret").asText());
            assertEquals("****", config.at("/client/oauth/apiKey").asText());
            assertEquals("****", config.at("/client/oauth/key").asText());
            assertEquals("****", config.at("/client/oauth/tokenUrl").asText());
            assertEquals("c.ks", config.at("/client/oauth/keystoreName").asText());
            assertEquals("****", config.at("/client/items/0/accessToken").asText());
            assertEquals("****", config.at("/client/routingRule").asText(), "extra maskKeys pattern");
            assertEquals("https://auth", config.at("/client/url").asText());
            assertEquals("****", config.at("/values/db.password").asText());
            for (String secret : List.of("values-secret", "ks-secret", "cs-secret", "at-secret", "keep-me")) {
                assertFalse(r.body().contains(secret), secret);
            }
        }
    }

    @Test
    void disabledInfoAnswers404() {
        try (TestService s = Services.in(dir).file("info.yml", "enabled: false\n").file("handler.yml", ROUTES).start()) {
            HttpResponse<String> r = s.get("/adm/server/info");
            assertEquals(404, r.statusCode());
            assertTrue(r.body().contains("ERR10048"));
        }
    }

    @Test
    void theMaskerMatchesNamesCaseInsensitivelyAndKeyOnlyExactly() {
        SecretMasker m = new SecretMasker(List.of());
        assertTrue(m.isSecret("truststorePass"));
        assertTrue(m.isSecret("PRIVATEKEY"));
        assertTrue(m.isSecret("Key"));
        assertTrue(m.isSecret("credentials"));
        assertFalse(m.isSecret("keystoreName"));
        assertFalse(m.isSecret("truststoreName"));
        assertFalse(m.isSecret("keyAlias"));
        assertFalse(m.isSecret("httpPort"));
    }
}
