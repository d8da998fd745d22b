package io.lumen.cli.migrate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.lumen.cli.Light4jFolders.files;
import static io.lumen.cli.Light4jFolders.folder;
import static io.lumen.cli.Light4jFolders.lumen;
import static io.lumen.cli.Light4jFolders.report;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lumen migrate} on real light-4j folders (proxy/src/test/resources/light4j, see its README). */
class MigrateTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void lightProxyMigratedStartsAndServesItsRoutesWithTheMiddlewareItDeclared() throws Exception {
        Path out = dir.resolve("proxy");
        var run = lumen("migrate", folder("light-proxy").toString(), "-o", out.toString());
        assertEquals(0, run.exit(), run.err());
        String report = report(out);
        assertTrue(run.out().startsWith(report), "the printed report is the written one");
        assertTrue(report.contains("com.networknt.proxy.LightProxyHandler@proxy -> Lumen's built-in `proxy`"), report);
        assertTrue(report.contains("com.networknt.traceability.TraceabilityHandler@traceability removed"), report);
        assertTrue(report.contains("values.yml: service.singletons removed"), report);
        assertTrue(report.contains("HTTPS: light-4j served it with the key store inside its jar"), report);
        String handlerYml = Files.readString(out.resolve("handler.yml"));
        assertFalse(handlerYml.matches("(?s).*com\\.networknt\\.[a-z.]+\\.[A-Z]\\w*.*"), "no light-4j class left: " + handlerYml);
        assertFalse(Files.readString(out.resolve("values.yml")).contains("handler.handlers"));

        try (Backend backend = new Backend();
             TestService proxy = TestService.in(out).value("proxy.hosts", backend.url()).start()) {
            HttpResponse<String> books = proxy.get("/api/books?limit=5");
            assertEquals(200, books.statusCode(), books.body());
            assertEquals("Dune", JSON.readTree(books.body()).get(0).get("title").asText());
            Backend.Seen seen = backend.seen().get(0);
            assertEquals("/api/books", seen.path());
            assertNotNull(seen.correlationId(), "the correlation middleware ran");
            assertEquals(books.headers().firstValue("X-Correlation-Id").orElse(null), seen.correlationId());

            assertError(proxy.get("/api/nothing"), 404, "ERR10007"); // specification: not in the spec
            assertError(proxy.get("/api/books?limit=many"), 400, "ERR11010"); // validator: not an int32
            assertError(proxy.send(proxy.request("/api/books").header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"author\":\"x\"}")).build()), 400, "ERR11004");
            assertEquals(1, backend.seen().size(), "refused requests never reach the backend");
        }
    }

    @Test
    void lightGatewayMigratedLeavesOutWhatLumenLacksAndServesTheJarsRoutes() throws Exception {
        Path out = dir.resolve("gateway");
        var run = lumen("migrate", folder("light-gateway").toString(), "-o", out.toString());
        assertEquals(0, run.exit(), run.err());
        String report = report(out);
        for (String expected : new String[] {
                "values.yml: server.keystorePass is encrypted (CRYPT:); kept: Lumen decrypts it at startup with the master password in"
                        + " LIGHT_4J_CONFIG_PASSWORD, as light-4j did (or give the plain value as the environment variable SERVER_KEYSTOREPASS)",
                "com.networknt.server.handler.ServerShutdownHandler@shutdown removed with its routes",
                "values.yml: whitelist.enabled, whitelist.paths removed: light-4j's whitelist module",
                "handler.yml: paths from light-4j's jar"}) {
            assertTrue(report.contains(expected), expected + "\n" + report);
        }
        assertFalse(report.contains("audit.mask"), "Lumen takes light-4j's audit.mask: true as it is");
        String values = Files.readString(out.resolve("values.yml"));
        assertTrue(values.lines().anyMatch(l -> l.startsWith("server.keystorePass: CRYPT:")), values);
        // its master password is light-gateway's own: the test gives the plain value, as an environment variable would
        try (Backend backend = new Backend();
             TestService gateway = TestService.in(out).value("proxy.hosts", backend.url()).value("server.keystorePass", "password")
                     .start()) {
            // the gateway jar's routes, as the folder runs unchanged: /* through the default chain to the proxy, /health
            HttpResponse<String> pets = gateway.get("/v1/pets");
            assertEquals(200, pets.statusCode(), pets.body());
            assertEquals("Dune", JSON.readTree(pets.body()).get(0).get("title").asText());
            assertEquals(200, gateway.get("/health").statusCode());
        }
    }

    @Test
    void aFolderRelyingOnLight4jsJarMigratesToWhatLumenRunsItOn() throws Exception {
        // light-gateway config/local: no server.yml, no handler.yml; values.yml handler.chains.default and the key store.
        // Unchanged, Lumen runs it HTTPS-only with light-4j's passwords and the gateway jar's routes (Light4jDefaults);
        // migrated, the same values and routes are written out
        Path out = dir.resolve("local");
        var run = lumen("migrate", folder("light-gateway-local").toString(), "-o", out.toString());
        assertEquals(0, run.exit(), run.err());
        String values = Files.readString(out.resolve("values.yml"));
        for (String line : new String[] {"server.enableHttps: true", "server.enableHttp: false", "server.keystorePass: password",
                "server.keyPass: password"}) {
            assertTrue(values.lines().anyMatch(line::equals), line + "\n" + values);
        }
        String handlerYml = Files.readString(out.resolve("handler.yml"));
        assertTrue(handlerYml.contains("path: /health"), handlerYml);
        assertTrue(handlerYml.contains("path: /*"), handlerYml);
        assertTrue(report(out).contains("handler.yml: paths from light-4j's jar"), report(out));
        // the HTTPS listener opens the key store with the written password; HTTP is switched on for the test's client
        try (TestService gateway = TestService.in(out).value("server.enableHttp", true).start()) {
            assertTrue(gateway.service().httpsPort() > 0, "HTTPS, as light-4j's jar had it");
            HttpResponse<String> health = gateway.get("/health");
            assertEquals(200, health.statusCode(), health.body());
        }
    }

    @Test
    void lightExamplePetstoresMigratedNeedNothingButTheirOwnHandlerClasses() throws Exception {
        for (String name : new String[] {"petstore", "petstore-codegen"}) {
            Path out = dir.resolve(name);
            assertEquals(0, lumen("migrate", folder(name).toString(), "-o", out.toString()).exit());
            String report = report(out);
            assertFalse(report.contains("SanitizerHandler@sanitizer removed"), "Lumen has a sanitizer: " + report);
            assertFalse(report.contains("sanitizer.yml: light-4j's sanitizer module"), "Lumen reads sanitizer.yml: " + report);
            assertTrue(report.contains("handlers: com.networknt.petstore.handler.PetsGetHandler: not one of light-4j's handlers"), report);
            var check = lumen("check", out.toString());
            assertEquals(1, check.exit(), check.out());
            var errors = check.out().lines().filter(l -> l.startsWith("error: ")).toList();
            assertEquals(4, errors.size(), check.out());
            for (String handler : new String[] {"PetsGetHandler", "PetsPostHandler", "PetsPetIdGetHandler", "PetsPetIdDeleteHandler"}) {
                assertTrue(errors.stream().anyMatch(e -> e.contains("handler.yml:") && e.contains(
                        "class com.networknt.petstore.handler." + handler + " not found on the classpath")), check.out());
            }
        }
        String values = Files.readString(dir.resolve("petstore/values.yml"));
        assertFalse(values.contains("server.enableHttp:"), "server.yml sets the listeners itself: " + values);
    }

    /** light-example-4j's Swagger 2.0 petstore: its swagger-validator.yml is the validator's file, so the switch goes there. */
    @Test
    void aSwaggerLineFolderKeepsLight4jsErrorJsonThroughItsSwaggerValidatorYml() throws Exception {
        Path out = dir.resolve("swagger-petstore");
        assertEquals(0, lumen("migrate", folder("swagger-petstore").toString(), "-o", out.toString()).exit());
        String report = report(out);
        assertTrue(report.contains("values.yml: swagger-validator.errorFormat: {enabled: false} added"), report);
        String values = Files.readString(out.resolve("values.yml"));
        assertTrue(values.contains("swagger-validator.errorFormat: {enabled: false}"), values);
        assertFalse(values.contains("openapi-validator.errorFormat"), values);
    }

    @Test
    void renamedLight4jFilesAndKeysCarryOverAndStatusTablesAreKeptAsWritten() throws Exception {
        Path light4j = Files.createDirectories(dir.resolve("light4j"));
        Files.writeString(light4j.resolve("logging.yml"), "enabled: false\nlogStart: 600000\n");
        Files.writeString(light4j.resolve("configReload.yml"), "enabled: ${configReload.enabled:true}\n");
        Files.writeString(light4j.resolve("values.yml"), "# light-4j values\nconfigReload.enabled: false\nlogging.downstreamEnabled: true\n");
        Files.writeString(light4j.resolve("status.yml"), "showMetadata: false\nERR10008:\n  statusCode: 405\n  code: ERR10008\n"
                + "  message: METHOD_NOT_ALLOWED\n  description: Request method %s cannot be found in the path %s.\n");
        Files.writeString(light4j.resolve("handler.yml"), """
                handlers:
                  - com.networknt.health.HealthGetHandler@health
                  - com.networknt.config.reload.handler.ConfigReloadHandler@configReload
                chains:
                  admin: [health]
                paths:
                  - {path: /health, method: get, exec: [admin]}
                  - {path: /adm/config-reload, method: post, exec: [configReload]}
                """);
        Path out = dir.resolve("lumen");
        assertEquals(0, lumen("migrate", light4j.toString(), "-o", out.toString()).exit());
        String report = report(out);
        for (String expected : new String[] {"logging.yml -> logger.yml", "configReload.yml -> reload.yml",
                "values.yml: configReload.enabled -> reload.enabled", "logging.yml `logStart`: Lumen's logger.yml has no such setting",
                "values.yml: logging.downstreamEnabled removed", "status.yml: merged over Lumen's codes",
                "ConfigReloadHandler@configReload -> Lumen's built-in `reload`"}) {
            assertTrue(report.contains(expected), expected + "\n" + report);
        }
        assertTrue(Files.readString(out.resolve("logger.yml")).contains("enabled: false"));
        assertTrue(Files.readString(out.resolve("values.yml")).contains("\nreload.enabled: false\n"));
        assertTrue(Files.readString(out.resolve("handler.yml")).contains("- reload"));
        assertTrue(Files.readString(out.resolve("reload.yml")).contains("enabled: ${reload.enabled:true}"),
                "the placeholder follows its renamed key");
        assertFalse(Files.exists(out.resolve("logging.yml")));
        var check = lumen("check", out.toString());
        assertEquals(0, check.exit(), check.out());
        try (TestService service = TestService.in(out).start()) {
            HttpResponse<String> wrongMethod = service.send(service.request("/health").DELETE().build());
            assertEquals(405, wrongMethod.statusCode());
            assertEquals("Request method DELETE cannot be found in the path /health.",
                    JSON.readTree(wrongMethod.body()).get("description").asText(), "the folder's status.yml text");
            assertError(service.send(service.request("/adm/config-reload").POST(HttpRequest.BodyPublishers.noBody()).build()),
                    404, "ERR10048"); // values.yml reload.enabled: false switched the reload endpoint off

        }
    }

    @Test
    void runningTwiceGivesTheSameOutputAndAFolderOfOtherFilesIsRefused() throws Exception {
        Path first = dir.resolve("first");
        Path second = dir.resolve("second");
        for (String name : new String[] {"light-proxy", "light-gateway", "petstore"}) {
            assertEquals(0, lumen("migrate", folder(name).toString(), "-o", first.toString()).exit());
            var again = files(first);
            assertEquals(0, lumen("migrate", folder(name).toString(), "-o", first.toString()).exit());
            assertEquals(again, files(first), "rewriting its own output");
            assertEquals(0, lumen("migrate", folder(name).toString(), "-o", second.toString()).exit());
            assertEquals(again, files(second), "into another folder");
        }
        Path mine = Files.createDirectories(dir.resolve("mine"));
        Files.writeString(mine.resolve("notes.txt"), "keep me");
        var refused = lumen("migrate", folder("light-proxy").toString(), "-o", mine.toString());
        assertEquals(1, refused.exit());
        assertTrue(refused.err().contains("has files and no MIGRATION.md"), refused.err());
        assertEquals("keep me", Files.readString(mine.resolve("notes.txt")));
    }

    private static void assertError(HttpResponse<String> r, int status, String code) throws Exception {
        assertEquals(status, r.statusCode(), r.body());
        JsonNode error = JSON.readTree(r.body());
        assertEquals(code, error.get("code").asText(), r.body());
        assertEquals(status, error.get("statusCode").asInt());
    }
}
