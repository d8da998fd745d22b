package io.lumen.proxy.light4j;

import io.lumen.service.LumenService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * light-example-4j's Swagger 2.0 petstore folder (rest/swagger/petstore: swagger.json, no openapi.yaml;
 * handler.yml naming com.networknt.swagger.SwaggerHandler, com.networknt.security.JwtVerifyHandler and
 * com.networknt.validator.ValidatorHandler; swagger-security.yml, swagger-validator.yml) started on Lumen
 * unchanged: the spec is converted to OpenAPI 3.0 when loaded and the three map to the built-ins.
 */
class Light4jSwaggerFolderTest {

    @Test
    void theSwaggerPetstoreFolderStartsAndValidatesAgainstItsSwagger2Spec(@TempDir Path dir) throws Exception {
        assertFalse(Files.exists(Path.of("src/test/resources/light4j/swagger-petstore/openapi.yaml")));
        try (LumenService s = Light4jFolder.copy("swagger-petstore", dir).start()) {
            Https https = Https.to(s.httpsPort(), dir.resolve("server.keystore"), "password");

            HttpResponse<String> pet = https.get("/v2/pet/7");
            assertEquals(200, pet.statusCode(), pet.body());
            assertEquals("PetPetIdGetHandler", pet.body());

            // petId is integer int64 in swagger.json; the validator (com.networknt.validator.ValidatorHandler) refuses text
            HttpResponse<String> badId = https.get("/v2/pet/seven");
            assertEquals(400, badId.statusCode(), badId.body());
            assertTrue(badId.body().contains("\"code\":\"ERR11"), badId.body());

            // status: array, collectionFormat multi, items enum [available, pending, sold]
            HttpResponse<String> byStatus = https.get("/v2/pet/findByStatus?status=available&status=sold");
            assertEquals(200, byStatus.statusCode(), byStatus.body());
            HttpResponse<String> badStatus = https.get("/v2/pet/findByStatus?status=available&status=lost");
            assertEquals(400, badStatus.statusCode(), badStatus.body());
            assertTrue(badStatus.body().contains("\"location\":\"query.status\",\"pointer\":\"/1\""), badStatus.body());

            // the body parameter (schema #/definitions/Pet, required [name, photoUrls]) became a request body
            HttpResponse<String> added = https.post("/v2/pet", "{\"name\":\"doggie\",\"photoUrls\":[\"u\"]}");
            assertEquals(200, added.statusCode(), added.body());
            assertEquals("PetPostHandler", added.body());
            HttpResponse<String> noPhotos = https.post("/v2/pet", "{\"name\":\"doggie\"}");
            assertEquals(400, noPhotos.statusCode(), noPhotos.body());
            assertTrue(noPhotos.body().contains("photoUrls"), noPhotos.body());
        }
    }

    @Test
    void withSwaggerSecurityJwtVerificationOnTheConvertedOauth2RequirementAsksForAToken(@TempDir Path dir) throws Exception {
        // swagger-security.yml says enableVerifyJwt: false (no placeholder); switched on in the file, as an operator
        // would, POST /v2/pet (petstore_auth, oauth2 implicit) needs a token
        Light4jFolder folder = Light4jFolder.copy("swagger-petstore", dir);
        Path security = dir.resolve("swagger-security.yml");
        Files.writeString(security, Files.readString(security).replace("enableVerifyJwt: false", "enableVerifyJwt: true"));
        try (LumenService s = folder.start()) {
            Https https = Https.to(s.httpsPort(), dir.resolve("server.keystore"), "password");
            HttpResponse<String> r = https.post("/v2/pet", "{\"name\":\"doggie\",\"photoUrls\":[]}");
            assertEquals(401, r.statusCode(), r.body());
            assertTrue(r.body().contains("\"code\":\"ERR10002\""), r.body());
        }
    }
}
