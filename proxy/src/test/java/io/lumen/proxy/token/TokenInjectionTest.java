package io.lumen.proxy.token;

import io.lumen.client.testing.TokenServer;
import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.config.ConfigException;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The token middleware end to end: a real backend behind the proxy, a token endpoint of the test's own. */
class TokenInjectionTest {
    private static final String LEAK = "token-server-internals";

    private static String clientYml(TokenServer server) {
        return """
                oauth:
                  token:
                    server_url: %s
                    client_credentials:
                      client_id: gateway
                      client_secret: gw-secret
                      scope: [pets.read]
                """.formatted(server.url());
    }

    private static ProxyUnderTest proxy(Path dir, Backend backend, String tokenYml, String clientYml) {
        return ProxyUnderTest.in(dir).hosts(backend.url()).chain("token, proxy")
                .file("token.yml", tokenYml).file("client.yml", clientYml).start();
    }

    @Test
    void theUpstreamReceivesTheGatewaysTokenInsteadOfTheCallersHeader(@TempDir Path dir) throws Exception {
        try (TokenServer tokens = TokenServer.start(); Backend backend = Backend.http("pets").start();
             ProxyUnderTest p = proxy(dir, backend, "enabled: true\n", clientYml(tokens))) {
            for (int i = 0; i < 5; i++) {
                HttpResponse<String> r = p.send(p.request("/v1/pets").header("Authorization", "Bearer caller-token").GET().build());
                assertEquals(200, r.statusCode(), r.body());
                assertEquals("Bearer tok-1", backend.last().header("Authorization"));
            }
            assertEquals(1, tokens.tokenHits.get(), "one token for five requests");
            assertEquals("pets.read", tokens.last().form().get("scope"));
        }
    }

    @Test
    void requestsArrivingWhileTheTokenIsFetchedWaitForThatOneRequest(@TempDir Path dir) throws Exception {
        try (TokenServer tokens = TokenServer.start(); Backend backend = Backend.http("pets").start();
             ProxyUnderTest p = proxy(dir, backend, "enabled: true\n", clientYml(tokens))) {
            tokens.hold();
            List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                sent.add(ProxyUnderTest.HTTP.sendAsync(p.request("/v1/pets/" + i).GET().build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
            Await.until(() -> tokens.parked() == 1);
            assertEquals(0, backend.count(), "nothing goes upstream without its token");
            tokens.release();
            for (CompletableFuture<HttpResponse<String>> r : sent) {
                assertEquals(200, r.get(10, TimeUnit.SECONDS).statusCode());
            }
            assertEquals(1, tokens.tokenHits.get());
            assertEquals(6, backend.received().stream().filter(r -> "Bearer tok-1".equals(r.header("Authorization"))).count());
        }
    }

    @Test
    void appliedPathPrefixesLimitWhereTokensGo(@TempDir Path dir) throws Exception {
        try (TokenServer tokens = TokenServer.start(); Backend backend = Backend.http("pets").start();
             ProxyUnderTest p = proxy(dir, backend, "enabled: true\nappliedPathPrefixes: [/v1/pets]\n", clientYml(tokens))) {
            p.send(p.request("/public/x").header("Authorization", "Bearer caller-token").GET().build());
            assertEquals("Bearer caller-token", backend.last().header("Authorization"), "outside the prefixes: untouched");
            p.get("/v1/pets/1");
            assertEquals("Bearer tok-1", backend.last().header("Authorization"));
        }
    }

    @Test
    void eachServiceGetsTheTokenOfItsOwnServer(@TempDir Path dir) throws Exception {
        try (TokenServer pets = TokenServer.start(); TokenServer market = TokenServer.start();
             Backend backend = Backend.http("b").start()) {
            market.answer(n -> new TokenServer.Answer(200, "{\"access_token\":\"market-" + n + "\",\"expires_in\":600}"));
            String client = """
                    oauth:
                      multipleAuthServers: true
                      token:
                        client_credentials:
                          client_id: gateway
                          client_secret: gw-secret
                          serviceIdAuthServers:
                            pets-service: {server_url: %s, scope: [pets.read]}
                            market-service: {server_url: %s, client_id: gw-market, scope: [market.read]}
                    pathPrefixServices:
                      /v1/pets: pets-service
                      /v1/market: market-service
                    """.formatted(pets.url(), market.url());
            try (ProxyUnderTest p = proxy(dir, backend, "enabled: true\n", client)) {
                p.get("/v1/pets");
                assertEquals("Bearer tok-1", backend.last().header("Authorization"));
                p.get("/v1/market/items");
                assertEquals("Bearer market-1", backend.last().header("Authorization"));
                assertEquals("market.read", market.last().form().get("scope"));
                HttpResponse<String> r = p.get("/v1/other");
                assertEquals(503, r.statusCode(), "no service and no default server");
                assertTrue(r.body().contains("ERR19230") && r.body().contains("pathPrefixServices"), r.body());
            }
        }
    }

    @Test
    void underExchangePrefixesTheCallersTokenIsExchanged(@TempDir Path dir) throws Exception {
        try (TokenServer tokens = TokenServer.start(); Backend backend = Backend.http("pets").start();
             ProxyUnderTest p = proxy(dir, backend, "enabled: true\nexchangePathPrefixes: [/v1/me]\n", clientYml(tokens))) {
            p.send(p.request("/v1/me/orders").header("Authorization", "Bearer alice-token").GET().build());
            assertEquals("Bearer tok-1", backend.last().header("Authorization"));
            assertEquals("urn:ietf:params:oauth:grant-type:token-exchange", tokens.last().form().get("grant_type"));
            assertEquals("alice-token", tokens.last().form().get("subject_token"));
            int seen = backend.count();
            HttpResponse<String> none = p.get("/v1/me/orders");
            assertEquals(401, none.statusCode());
            assertTrue(none.body().contains("ERR19233"), none.body());
            assertEquals(seen, backend.count(), "nothing went upstream");
        }
    }

    @Test
    void aFailingTokenEndpointAnswers502WithoutItsBody(@TempDir Path dir) throws Exception {
        try (TokenServer tokens = TokenServer.start(); Backend backend = Backend.http("pets").start();
             ProxyUnderTest p = proxy(dir, backend, "enabled: true\n", clientYml(tokens))) {
            tokens.answer(n -> new TokenServer.Answer(500, "{\"error\":\"" + LEAK + "\"}"));
            HttpResponse<String> r = p.get("/v1/pets");
            assertEquals(502, r.statusCode());
            assertTrue(r.body().contains("\"code\":\"ERR19231\"") && r.body().contains("HTTP 500"), r.body());
            assertFalse(r.body().contains(LEAK), r.body());
            assertEquals(0, backend.count());
        }
    }

    @Test
    void anUnreachableTokenEndpointAnswers503(@TempDir Path dir) throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        try (TokenServer tokens = TokenServer.start(); Backend backend = Backend.http("pets").start();
             ProxyUnderTest p = proxy(dir, backend, "enabled: true\n",
                     clientYml(tokens).replace(tokens.url().toString(), "http://127.0.0.1:" + closed))) {
            HttpResponse<String> r = p.get("/v1/pets");
            assertEquals(503, r.statusCode());
            assertTrue(r.body().contains("\"code\":\"ERR19230\""), r.body());
            assertEquals(0, backend.count());
        }
    }

    @Test
    void disabledByDefaultTheCallersHeaderPassesUntouched(@TempDir Path dir) throws Exception {
        try (TokenServer tokens = TokenServer.start(); Backend backend = Backend.http("pets").start();
             ProxyUnderTest p = proxy(dir, backend, "appliedPathPrefixes: [/v1]\n", clientYml(tokens))) {
            p.send(p.request("/v1/pets").header("Authorization", "Bearer caller-token").GET().build());
            assertEquals("Bearer caller-token", backend.last().header("Authorization"));
            assertEquals(0, tokens.tokenHits.get());
        }
    }

    @Test
    void aPrefixWithoutSlashStopsTheStartNamingFileAndKey(@TempDir Path dir) throws Exception {
        try (TokenServer tokens = TokenServer.start(); Backend backend = Backend.http("pets").start()) {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> proxy(dir, backend, "enabled: true\nappliedPathPrefixes: [v1/pets]\n", clientYml(tokens)));
            assertTrue(e.getMessage().contains("token.yml:") // the record's check: the binder names the file's first line
                    && e.getMessage().contains(": appliedPathPrefixes: a path prefix starts with '/', got 'v1/pets'"), e.getMessage());
        }
    }

    @Test
    void noTokenServerStopsTheStartNamingTheKey(@TempDir Path dir) throws Exception {
        try (Backend backend = Backend.http("pets").start()) {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> proxy(dir, backend, "enabled: true\n", "oauth:\n  token:\n    client_credentials: {client_id: x}\n"));
            assertTrue(e.getMessage().contains("client.yml: oauth.token.server_url: required"), e.getMessage());
        }
    }
}
