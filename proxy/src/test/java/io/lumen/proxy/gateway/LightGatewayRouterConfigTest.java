package io.lumen.proxy.gateway;

import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.testkit.raw.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static io.lumen.proxy.gateway.GatewayUnderTest.send;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * light-gateway's own router configuration (src/test/resources/light4j/light-gateway-routers, copied
 * from networknt/light-gateway, see the README there) on Lumen's gateway, with light-gateway's
 * handler names in handler.yml ({@code PathPrefixServiceHandler@prefix}, {@code RouterHandler@router}).
 * The only value the tests set is each service's address (a loopback backend), as an environment
 * variable would.
 */
class LightGatewayRouterConfigTest {
    private static final Path ROUTERS = Path.of("src/test/resources/light4j/light-gateway-routers");
    private static final String HANDLERS = """
            handlers:
              - com.networknt.router.middleware.PathPrefixServiceHandler@prefix
              - com.networknt.router.RouterHandler@router
            chains:
              default: [prefix, router]
            defaultHandlers: [default]
            """;

    private static ProxyUnderTest start(Path dir, String values, Map<String, String> directUrls) throws IOException {
        Files.copy(ROUTERS.resolve(values), dir.resolve("values.yml"));
        return ProxyUnderTest.in(dir).file("proxy.yml", "enabled: false\n").file("handler.yml", HANDLERS)
                .value("direct-registry.directUrls", directUrls).start();
    }

    @Test
    void metricsTestsPathPrefixServiceAndDirectRegistryRouteToThePetstore(@TempDir Path dir) throws IOException {
        try (Backend pets = Backend.http("pets").start();
             ProxyUnderTest gw = start(dir, "metrics-test.values.yml", Map.of("com.networknt.petstore-1.0.0", pets.url()))) {
            RawHttp.Response r = send(gw, "GET", "/v1/pets/1?limit=2");
            assertEquals(200, r.status(), r.bodyText());
            assertEquals("/v1/pets/1?limit=2", pets.last().uri());
            assertEquals(404, send(gw, "GET", "/v1/petsx").status(), "a prefix is whole segments on Lumen");
            assertEquals(404, send(gw, "GET", "/v2/pets").status());
        }
    }

    @Test
    void light4jsOwnRouterYmlWithItsStreamKeysStartsWithAWarningEach(@TempDir Path dir) throws IOException {
        // light-4j 2.3.x's router.yml adds streamResponseContentTypes, streamIdleTimeout, ... (SSE pass-through):
        // Lumen's gateway streams every body, so each is a warning, not an unknown key
        Files.copy(ROUTERS.resolve("light-4j-router.yml"), dir.resolve("router.yml"));
        try (Backend pets = Backend.http("pets").start();
             ProxyUnderTest gw = start(dir, "metrics-test.values.yml", Map.of("com.networknt.petstore-1.0.0", pets.url()))) {
            assertEquals(200, send(gw, "GET", "/v1/pets/1").status());
            assertEquals("/v1/pets/1", pets.last().uri());
        }
    }

    @Test
    void sharedGatewaysUrlRewriteRulesRewriteThePathsOfItsTwoServices(@TempDir Path dir) throws IOException {
        try (Backend pets = Backend.http("pets").start(); Backend migration = Backend.http("migration").start();
             ProxyUnderTest gw = start(dir, "shared-gateway.values.yml",
                     Map.of("com.networknt.petstore-1.0.0", pets.url(), "Migration", migration.url()))) {
            assertEquals(200, send(gw, "GET", "/v1/pets/7").status());
            assertEquals("/dev-test-ns/petstore/v1/pets/7", pets.last().uri());
            assertEquals(200, send(gw, "GET", "/v1/market/a?b=c").status());
            assertEquals("/dev-test-ns/market/v1/market/a?b=c", pets.last().uri());
            assertEquals(200, send(gw, "GET", "/v1/other").status());
            assertEquals("/v1/other", pets.last().uri(), "no rule matches: the path goes unchanged");
            RawHttp.Response m = send(gw, "POST", "/gateway/Migration/1.0.0/jobs");
            assertEquals(200, m.status(), m.bodyText());
            assertEquals("migration", m.header("X-Backend"));
            assertEquals("/1.0.0/Migration/jobs", migration.last().uri());
        }
    }
}
