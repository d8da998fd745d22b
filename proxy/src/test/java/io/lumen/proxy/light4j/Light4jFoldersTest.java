package io.lumen.proxy.light4j;

import io.lumen.config.ConfigException;
import io.lumen.service.LumenService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * light-example-4j's petstore config folder (light-rest-4j, see the README beside it) on Lumen, files
 * unchanged; the business handlers are the test's stand-ins of the same class names.
 */
class Light4jFoldersTest {

    @Test
    void thePetstoreFolderStartsHttpsOnlyAndServesItsRoutesWithItsMiddleware(@TempDir Path dir) throws Exception {
        // sanitizer.yml says enabled: ${sanitizer.enabled:true}; Lumen has no sanitizer, so it is switched off as light-4j allows
        try (LumenService s = Light4jFolder.copy("petstore", dir).value("sanitizer.enabled", false).start()) {
            assertTrue(s.httpUri().isEmpty(), "server.yml has enableHttp: false: no HTTP listener");
            Https https = Https.to(s.httpsPort(), dir.resolve("server.keystore"), "password");

            HttpResponse<String> pets = https.get("/v1/pets");
            assertEquals(200, pets.statusCode(), pets.body());
            assertTrue(pets.body().contains("catten"), pets.body());
            assertTrue(pets.headers().firstValue("X-Correlation-Id").isPresent(), "correlation runs: " + pets.headers());

            // the folder's spec declares its errors as {code: integer, message} (issue 26: Lumen answers in that
            // format; openapi-validator.yml errorFormat.enabled: false keeps light-4j's error JSON)
            HttpResponse<String> invalid = https.post("/v1/pets", "{\"id\":\"one\"}");
            assertEquals(400, invalid.statusCode(), invalid.body());
            assertTrue(invalid.body().startsWith("{\"code\":400,\"message\":\"Schema Validation Error"), invalid.body());

            HttpResponse<String> unknown = https.get("/v2/nothing");
            assertEquals(404, unknown.statusCode(), unknown.body());
            assertTrue(unknown.body().contains("\"code\":\"ERR10048\""), unknown.body());

            HttpResponse<String> health = https.get("/health/com.networknt.petstore-3.0.1");
            assertEquals(200, health.statusCode(), health.body());
        }
    }

    @Test
    void withJwtVerificationAMissingTokenIs401InTheSpecsDeclaredErrorFormat(@TempDir Path dir) throws Exception {
        try (LumenService s = Light4jFolder.copy("petstore", dir).value("sanitizer.enabled", false)
                .value("openapi-security.enableVerifyJwt", true).start()) {
            Https https = Https.to(s.httpsPort(), dir.resolve("server.keystore"), "password");
            HttpResponse<String> r = https.get("/v1/pets");
            assertEquals(401, r.statusCode(), r.body());
            assertTrue(r.body().startsWith("{\"code\":401,\"message\":"), "the spec's Error {code, message}: " + r.body());
        }
    }

    @Test
    void theSanitizerTheFolderSwitchesOnIsRefusedNamingTheLineAndWhatToUse(@TempDir Path dir) {
        ConfigException e = assertThrows(ConfigException.class, () -> Light4jFolder.copy("petstore", dir).start().close());
        assertTrue(e.getMessage().contains("handler.yml:54: handlers[8]: com.networknt.sanitizer.SanitizerHandler has no Lumen"
                + " equivalent; use validate input with the validator"), e.getMessage());
    }
}
