package io.lumen.proxy.gateway;

import io.lumen.client.testing.TokenServer;
import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ErrorJson;
import io.lumen.security.tool.DevTokens;
import io.lumen.security.tool.Pem;
import io.lumen.testkit.TestService;
import io.undertow.util.Headers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shipped config/gateway folder, files unchanged, in front of two loopback services: the SPA,
 * JWT on /api/pets, API keys and the gateway's own token toward the orders service on /api/orders,
 * compression on every route. The only values set are the services' and the token endpoint's
 * addresses and the site folder (run from the repository root, its default works).
 */
class ShippedGatewayFolderTest {
    private static final Path SHIPPED = Path.of("..", "config", "gateway");
    private static final String PETS_JSON = "[" + String.join(",", Collections.nCopies(40,
            "{\"id\":1,\"name\":\"catten\",\"tag\":\"cat\"}")) + "]";

    private static TestService start(Path dir, Backend pets, Backend orders, TokenServer tokens) throws IOException {
        try (Stream<Path> files = Files.list(SHIPPED)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        return TestService.in(dir).value("server.ip", "127.0.0.1")
                .value("gateway.petsHosts", pets.url()).value("gateway.ordersHosts", orders.url())
                .value("gateway.tokenServer", tokens.url().toString())
                .value("gateway.siteFolder", SHIPPED.resolve("site").toAbsolutePath().toString()).start();
    }

    private static String token() throws Exception {
        var key = Pem.privateKey(Files.readString(Path.of("..", "config", "petstore", "embedded", "dev-only", "petstore-dev-1.key.pem")));
        JwtClaims claims = new JwtClaims();
        claims.setIssuer("https://lumen.dev/issuer");
        claims.setAudience("petstore");
        claims.setSubject("tester");
        long now = Instant.now().getEpochSecond();
        claims.setIssuedAt(NumericDate.fromSeconds(now));
        claims.setExpirationTime(NumericDate.fromSeconds(now + 600));
        return DevTokens.sign(key, "petstore-dev-1", claims);
    }

    private static String gunzip(byte[] body) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void eachRouteOfTheShippedGatewayWorksWithItsOwnMiddleware(@TempDir Path dir) throws Exception {
        try (Backend pets = Backend.http("pets").respond("/v1/pets", (ex, r) -> {
                ex.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
                ex.getResponseSender().send(PETS_JSON);
            }).start();
             Backend orders = Backend.http("orders").start(); TokenServer tokens = TokenServer.start();
             TestService gw = start(dir, pets, orders, tokens)) {
            // pets: JWT required; the path reaches the service as the petstore's /v1/pets
            HttpResponse<String> noToken = gw.get("/api/pets");
            assertEquals(401, noToken.statusCode(), noToken.body());
            assertEquals(0, pets.count(), "refused at the gateway");
            HttpResponse<byte[]> listed = TestService.HTTP.send(gw.request("/api/pets/7?limit=2")
                    .header("Authorization", "Bearer " + token()).header("Accept-Encoding", "gzip").GET().build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, listed.statusCode());
            assertEquals("/v1/pets/7?limit=2", pets.last().uri());
            assertEquals("gzip", listed.headers().firstValue("Content-Encoding").orElse(null), "compressed by encode");
            assertEquals(PETS_JSON, gunzip(listed.body()));

            // orders: API key required; the prefix is stripped; the service gets the gateway's token
            ErrorJson.assertError(gw.get("/api/orders/42"), 401, "ERR19210");
            HttpResponse<String> wrong = gw.send(gw.request("/api/orders/42").header("X-Api-Key", "guess").GET().build());
            ErrorJson.assertError(wrong, 401, "ERR10075");
            HttpResponse<String> order = gw.send(gw.request("/api/orders/42").header("X-Api-Key", "dev-orders-key-change-me").GET().build());
            assertEquals(200, order.statusCode(), order.body());
            assertEquals("orders", order.headers().firstValue("X-Backend").orElse(null));
            assertEquals("/42", orders.last().uri());
            assertEquals("Bearer tok-1", orders.last().header("Authorization"), "the gateway's client-credentials token");
            assertEquals("orders.read", tokens.last().form().get("scope"));
            assertTrue(pets.last().header("Authorization").startsWith("Bearer eyJ"),
                    "the pets service gets the caller's JWT, not the gateway's token: " + pets.last().header("Authorization"));
            assertEquals(1, orders.count(), "only the request with the right key reached the orders service");

            // the SPA: files, index.html for the app's own routes, compressed script
            HttpResponse<String> index = gw.get("/app/");
            assertEquals(200, index.statusCode());
            assertTrue(index.body().contains("Lumen gateway demo"), index.body());
            HttpResponse<String> deep = gw.get("/app/pets/7");
            assertEquals(200, deep.statusCode());
            assertEquals(index.body(), deep.body(), "an app route answers index.html");
            HttpResponse<byte[]> script = TestService.HTTP.send(gw.request("/app/assets/app.js")
                    .header("Accept-Encoding", "gzip").GET().build(), HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, script.statusCode());
            assertEquals("gzip", script.headers().firstValue("Content-Encoding").orElse(null));
            assertEquals(Files.readString(SHIPPED.resolve("site/assets/app.js")), gunzip(script.body()));
            assertEquals(404, gw.get("/app/api/x").statusCode(), "the app's API prefix never gets index.html");

            // a path no chain lists, and a hostile one under a listed prefix
            assertEquals(404, gw.get("/admin").statusCode());
            HttpResponse<String> hostile = gw.send(gw.request("/api/orders/..%2f..%2fapi/pets").header("X-Api-Key",
                    "dev-orders-key-change-me").GET().build());
            assertEquals(400, hostile.statusCode(), hostile.body());
            assertEquals(1, orders.count());
        }
    }
}
