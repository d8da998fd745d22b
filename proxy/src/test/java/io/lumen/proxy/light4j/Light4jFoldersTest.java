package io.lumen.proxy.light4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.client.ClientConfig;
import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import io.lumen.proxy.testing.Backend;
import io.lumen.server.ServerConfig;
import io.lumen.service.LumenService;
import io.lumen.tls.KeyStores;
import io.lumen.testkit.core.TestHttp;
import io.undertow.util.Headers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owasp.encoder.Encode;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real light-4j config folders (src/test/resources/light4j, see the README there) on Lumen, files
 * unchanged: light-example-4j's petstore (light-rest-4j), a light-codegen petstore service, light-proxy
 * and light-gateway. The petstores' business handlers are the test's stand-ins of the same class
 * names; values the tests set (an upstream's address, a switch, light-4j's error JSON instead of the
 * spec's declared error format: see {@link Light4jFolder#copy}) are overrides, as environment variables would be.
 */
class Light4jFoldersTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void thePetstoreFolderStartsHttpsOnlyAndServesItsRoutesWithItsMiddleware(@TempDir Path dir) throws Exception {
        try (LumenService s = Light4jFolder.copy("petstore", dir).start()) {
            assertTrue(s.httpUri().isEmpty(), "server.yml has enableHttp: false: no HTTP listener");
            Https https = Https.to(s.httpsPort(), dir.resolve("server.keystore"), "password");

            HttpResponse<String> pets = https.get("/v1/pets");
            assertEquals(200, pets.statusCode(), pets.body());
            assertTrue(pets.body().contains("catten"), pets.body());
            assertTrue(pets.headers().firstValue("X-Correlation-Id").isPresent(), "correlation runs: " + pets.headers());

            // the folder's spec declares its errors as {code: integer, message}; run as it is, a light-4j folder
            // answers light-4j's error JSON as light-4j did (the last test switches the declared format on)
            HttpResponse<String> invalid = https.post("/v1/pets", "{\"id\":\"one\"}");
            assertEquals(400, invalid.statusCode(), invalid.body());
            assertTrue(invalid.body().contains("\"code\":\"ERR11004\""), invalid.body());

            HttpResponse<String> unknown = https.get("/v2/nothing");
            assertEquals(404, unknown.statusCode(), unknown.body());
            assertTrue(unknown.body().contains("\"code\":\"ERR10048\""), unknown.body());

            HttpResponse<String> health = https.get("/health/com.networknt.petstore-3.0.1");
            assertEquals(200, health.statusCode(), health.body());
        }
    }

    @Test
    void withJwtVerificationOnAMissingTokenIsLight4jsErr10002(@TempDir Path dir) throws Exception {
        try (LumenService s = Light4jFolder.copy("petstore", dir).value("openapi-security.enableVerifyJwt", true).start()) {
            Https https = Https.to(s.httpsPort(), dir.resolve("server.keystore"), "password");
            HttpResponse<String> r = https.get("/v1/pets");
            assertEquals(401, r.statusCode(), r.body());
            assertTrue(r.body().contains("\"code\":\"ERR10002\""), r.body());
        }
    }

    @Test
    void thePetstoreFoldersSanitizerEncodesTheBodyTheHandlerSees(@TempDir Path dir) throws Exception {
        // sanitizer.yml: enabled: ${sanitizer.enabled:true}, light-4j 1.x keys sanitizeBody: true, sanitizeHeader: false
        String name = "<img src=x onerror=\"alert('pwned')\">";
        try (LumenService s = Light4jFolder.copy("petstore", dir).start()) {
            Https https = Https.to(s.httpsPort(), dir.resolve("server.keystore"), "password");
            HttpResponse<String> r = https.post("/v1/pets", JSON.createObjectNode().put("id", 9).put("name", name).toString());
            assertEquals(200, r.statusCode(), r.body());
            JsonNode seen = JSON.readTree(r.body());
            assertEquals(Encode.forJavaScriptSource(name), seen.get("name").asText(), r.body());
            assertEquals(9, seen.get("id").asInt());
        }
    }

    @Test
    void theChaosMonkeyPetstoreStartsWithItsBypassedAssaultsDroppedAndItsLight4jClientYmlBound(@TempDir Path dir) throws Exception {
        // each *-assault.yml says enabled: true, bypass: true; client.yml has light-4j's tls.trustedNames,
        // request.maxConnectionNumPerHost, injectOpenTracing, ... and an oauth section
        Light4jFolder folder = Light4jFolder.copy("petstore-chaos-monkey", dir);
        ClientConfig client = folder.loader().load("client", ClientConfig.class);
        assertEquals(3000, client.request().timeout());
        assertEquals(1000, client.request().connectionPoolSize());
        try (LumenService s = folder.start()) {
            Https https = Https.to(s.httpsPort(), dir.resolve("server.keystore"), "password");
            HttpResponse<String> pets = https.get("/v1/pets");
            assertEquals(200, pets.statusCode(), pets.body());
            HttpResponse<String> chaos = https.get("/chaosmonkey");
            assertEquals(404, chaos.statusCode(), chaos.body());
            assertTrue(chaos.body().contains("\"code\":\"ERR10048\""), chaos.body());
        }
    }

    @Test
    void aFolderSwitchingJwtVerificationOffInValuesYmlOnlyStartsAndServesWithoutAToken(@TempDir Path dir) throws Exception {
        // rest/petstore-maven-multiple: no openapi-security.yml, values.yml has openapi-security.enableVerifyJwt: false.
        // It has no server.yml either: light-4j's shipped server.yml gave the key store password 'password', and so does Lumen
        try (LumenService s = Light4jFolder.copy("petstore-multiple", dir).start()) {
            Https https = Https.to(s.httpsPort(), dir.resolve("server.keystore"), "password");
            HttpResponse<String> pets = https.get("/v1/pets");
            assertEquals(200, pets.statusCode(), pets.body());
            assertTrue(pets.body().contains("catten"), pets.body());
        }
    }

    @Test
    void aLightGatewayFolderWithoutServerYmlAndHandlerYmlRunsOnTheGatewayJarsDefaults(@TempDir Path dir) throws Exception {
        // config/local: values.yml (handler.handlers, handler.chains.default), server.keystore; light-gateway's jar gave
        // server.yml (HTTPS-only, key store password 'password') and handler.yml (/* to the default chain, admin routes)
        try (LumenService s = Light4jFolder.copy("light-gateway-local", dir).start()) {
            assertTrue(s.httpUri().isEmpty(), "light-4j's default: HTTPS only");
            Https https = Https.to(s.httpsPort(), dir.resolve("server.keystore"), "password");
            HttpResponse<String> health = https.get("/health");
            assertEquals(200, health.statusCode(), health.body());
            // the jar's admin chain validates against openapi.yaml too: its /adm paths are not in it, as on light-4j
            HttpResponse<String> info = https.get("/adm/server/info");
            assertTrue(info.body().contains("\"code\":\"ERR10007\""), info.body());
            // /* runs the default chain: the specification middleware of the chain answers a path outside openapi.yaml
            HttpResponse<String> outside = https.get("/v9/nothing");
            assertEquals(404, outside.statusCode(), outside.body());
            assertTrue(outside.body().contains("\"code\":\"ERR10007\""), outside.body());
        }
    }

    @Test
    void httpsSwitchedOnWithoutServerYmlUsesLight4jsKeyStorePasswordAndSaysWhenTheStoreIsMissing(@TempDir Path dir)
            throws Exception {
        // config/external-gateway: values.yml server.enableHttps: true and server.keystore, no password anywhere (the
        // folder's other problems, a security.yml without keys and ExternalServiceHandler, stop it later on Lumen)
        ConfigLoader external = Light4jFolder.copy("light-gateway-external", dir).loader();
        ServerConfig server = external.load("server", ServerConfig.class);
        assertTrue(server.enableHttps(), server.toString());
        assertTrue(KeyStores.load(external, server.keystoreName(), server.keystorePass(), "test").size() > 0,
                "the folder's key store opens with light-4j's default password");
        Path bare = Files.createDirectory(dir.resolve("bare")); // config/client-proxy-transform: no key store in the folder
        Light4jFolder folder = Light4jFolder.copy("light-gateway-external", bare);
        Files.delete(bare.resolve("server.keystore"));
        ConfigException e = assertThrows(ConfigException.class, () -> folder.start().close());
        assertTrue(e.getMessage().startsWith(bare.resolve("values.yml") + ":3: server.enableHttps: HTTPS is on but the key"
                + " store 'server.keystore' is not in the config dirs"), e.getMessage());
        assertTrue(e.getMessage().contains("Lumen ships none"), e.getMessage());
    }

    @Test
    void anOpenApiEndpointSourceRoutesEveryOperationOfTheSpecThroughItsChain(@TempDir Path dir) throws Exception {
        // middleware-performance/endpoint-source: paths: [{source: com.networknt.openapi.OpenApiEndpointSource, exec: [default, openapi-handler]}]
        try (LumenService s = Light4jFolder.copy("endpoint-source", dir).start()) {
            Https https = Https.to(s.httpsPort(), dir.resolve("server.keystore"), "password");
            assertEquals("openapi-handler GET /v1/pets", https.get("/v1/pets").body());
            HttpResponse<String> pet = https.get("/v1/pets/12");
            assertEquals(200, pet.statusCode(), pet.body());
            assertEquals("openapi-handler GET /v1/pets/12", pet.body());
            assertTrue(https.get("/v1/pets").headers().firstValue("X-Correlation-Id").isPresent(), "the default chain runs");
            HttpResponse<String> invalid = https.post("/v1/pets", "{\"id\":\"one\"}");
            assertEquals(400, invalid.statusCode(), "the validator of the default chain runs: " + invalid.body());
            assertEquals(404, https.get("/v1/cats").statusCode(), "not in the spec: no route");
        }
    }

    @Test
    void theLightProxyFolderProxiesWithTheMiddlewareItDeclaresFromValuesAlone(@TempDir Path dir) {
        // config/local has handler.yml with ${handler.*} placeholders and values.yml; no server.yml, no proxy.yml
        try (Backend backend = Backend.http("books").respond("/api/books", (ex, r) -> {
                ex.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
                ex.getResponseSender().send("[{\"id\":1,\"name\":\"Lumen\"}]");
            }).start();
             LumenService s = Light4jFolder.copy("light-proxy", dir)
                     .value("proxy.hosts", "http://127.0.0.1:" + backend.port()).start()) {
            TestHttp http = TestHttp.at(s.httpUri().orElseThrow());
            HttpResponse<String> books = http.get("/api/books");
            assertEquals(200, books.statusCode(), books.body());
            assertTrue(books.body().contains("Lumen"), books.body());
            assertTrue(books.headers().firstValue("X-Correlation-Id").isPresent(), "correlation runs: " + books.headers());

            HttpResponse<String> invalid = http.send(http.request("/api/books").header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"x\"}")).build());
            assertEquals(400, invalid.statusCode(), invalid.body());
            assertTrue(invalid.body().contains("\"code\":\"ERR11004\""), invalid.body());
            assertEquals(1, backend.received().size(), "the invalid request never reached the backend");

            // routed by handler.yml's '/*', but not in the spec: the specification middleware answers, as light-4j's does
            HttpResponse<String> unknown = http.get("/api/nothing");
            assertEquals(404, unknown.statusCode(), unknown.body());
            assertTrue(unknown.body().contains("\"code\":\"ERR10007\""), unknown.body());
        }
    }

    @Test
    void theLightGatewayFolderWithoutTheMasterPasswordIsRefusedNamingItsEncryptedValueAtItsValuesLine(@TempDir Path dir) {
        ConfigException e = assertThrows(ConfigException.class, () -> Light4jFolder.copy("light-gateway", dir).start().close());
        assertTrue(e.getMessage().startsWith(dir.resolve("values.yml") + ":5: server.keystorePass: a light-4j encrypted value"
                + " (CRYPT:...) needs the master password it was encrypted with: set the environment variable"
                + " LIGHT_4J_CONFIG_PASSWORD"), e.getMessage());
        assertTrue(!e.getMessage().contains("3370aedc"), "the secret is not echoed: " + e.getMessage());
    }

    @Test
    void routesInCodeOfLight4j1xAreNamedAtTheirServiceYmlLinesWithWhatToWriteInstead(@TempDir Path dir) {
        // light-router/cloud/config: no handler.yml; service.yml names RouterHandlerProvider and a MiddlewareHandler list
        ConfigException e = assertThrows(ConfigException.class, () -> Light4jFolder.copy("light-router-cloud", dir).start().close());
        assertEquals(3, e.problems().size(), e.getMessage());
        String serviceYml = dir.resolve("service.yml").toString();
        assertTrue(e.getMessage().contains(serviceYml + ":21: singletons[5].com.networknt.handler.HandlerProvider[0]:"
                + " com.networknt.router.RouterHandlerProvider builds light-4j 1.x routes in code (a HandlerProvider), which Lumen"
                + " does not run (not supported): there is no handler.yml; write one with a handler.yml route /* on each method"
                + " running com.networknt.router.RouterHandler"), e.getMessage());
        assertTrue(e.getMessage().contains(serviceYml + ":30: singletons[6].com.networknt.handler.MiddlewareHandler: light-4j"
                + " 1.x's middleware chain: in handler.yml, a chain under chains that routes name; on Lumen:"
                + " com.networknt.exception.ExceptionHandler runs as Lumen's built-in 'exception'"), e.getMessage());
        assertTrue(e.getMessage().contains("handler.yml: not found in the config dirs"), e.getMessage());
    }

    @Test
    void aServerYmlWithoutPasswordsTakesThemFromLight4jsSecretYml(@TempDir Path dir) throws Exception {
        // light-config-test light-router/cloud/config: server.yml (HTTPS only) sets no keystorePass or keyPass;
        // light-4j before 2.0.2 read them from secret.yml's serverKeystorePass and serverKeyPass
        Light4jFolder folder = Light4jFolder.copy("light-router-cloud", dir);
        ServerConfig server = folder.loader().load("server", ServerConfig.class);
        assertEquals("password", server.keystorePass());
        Files.writeString(dir.resolve("handler.yml"), "handlers: [com.networknt.health.HealthGetHandler@health]\n"
                + "paths:\n  - {path: /health, method: GET, exec: [health]}\n"); // the router's routes came from its jar
        try (LumenService s = folder.start()) {
            HttpResponse<String> health = Https.to(s.httpsPort(), dir.resolve("server.keystore"), "password").get("/health");
            assertEquals(200, health.statusCode(), health.body());
        }
        // server.yml's own value wins; an encrypted secret is refused at its secret.yml line
        assertEquals("given", folder.value("server.keystorePass", "given").loader().load("server", ServerConfig.class).keystorePass());
        Path again = Files.createDirectory(dir.resolve("again"));
        Light4jFolder encrypted = Light4jFolder.copy("light-router-cloud", again);
        Files.writeString(again.resolve("secret.yml"), Files.readString(again.resolve("secret.yml"))
                .replace("serverKeyPass: password", "serverKeyPass: CRYPT:0011:2233"));
        ConfigException e = assertThrows(ConfigException.class, () -> encrypted.loader().load("server", ServerConfig.class));
        assertTrue(e.getMessage().startsWith(again.resolve("secret.yml") + ":13: serverKeyPass: a light-4j encrypted value"),
                e.getMessage());
    }

    @Test
    void theCodegenPetstoreFolderStartsWithTheSanitizerItSwitchesOn(@TempDir Path dir) throws Exception {
        try (LumenService s = Light4jFolder.copy("petstore-codegen", dir).start()) {
            Https https = Https.to(s.httpsPort(), dir.resolve("server.keystore"), "password");
            HttpResponse<String> r = https.post("/v1/pets", "{\"id\":3,\"name\":\"a\\\"b\"}");
            assertEquals(200, r.statusCode(), r.body());
            assertEquals(Encode.forJavaScriptSource("a\"b"), JSON.readTree(r.body()).get("name").asText(), r.body());
        }
    }

    @Test
    void everyProblemOfEveryFileIsReportedInOnePass(@TempDir Path dir) {
        // server.yml's keystorePass placeholder gets an encrypted value, sanitizer.yml's sanitizeBody one that is not a boolean
        ConfigException e = assertThrows(ConfigException.class, () -> Light4jFolder.copy("petstore", dir)
                .value("server.keystorePass", "CRYPT:0011:2233").value("sanitizer.sanitizeBody", "maybe").start().close());
        assertEquals(2, e.problems().size(), e.getMessage());
        assertTrue(e.getMessage().startsWith("2 configuration problems:"), e.getMessage());
        assertTrue(e.getMessage().contains("server.yml:31: keystorePass: a light-4j encrypted value"), e.getMessage());
        assertTrue(e.getMessage().contains("sanitizer.yml:8: sanitizeBody"), e.getMessage());
    }

    @Test
    void withTheFormatSwitchedOnRejectionsFollowTheErrorSchemaThePetstoreSpecDeclares(@TempDir Path dir) throws Exception {
        try (LumenService s = Light4jFolder.copy("petstore", dir)
                .value("openapi-validator.errorFormat", Map.of("enabled", true)).start()) {
            Https https = Https.to(s.httpsPort(), dir.resolve("server.keystore"), "password");
            HttpResponse<String> invalid = https.post("/v1/pets", "{\"id\":\"one\"}");
            assertEquals(400, invalid.statusCode(), invalid.body());
            assertTrue(invalid.body().startsWith("{\"code\":400,\"message\":\"Schema Validation Error"), invalid.body());
        }
    }
}
