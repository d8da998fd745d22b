package io.lumen.validator;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.security.password.KeyDigest;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * POST /adm/reload re-reads openapi.yaml: matching, validation and the operations' security requirements
 * follow it (and security.yml's credentials); a broken spec is refused.
 */
class SpecReloadTest {
    private static final String HANDLER = """
            handlers:
              - io.lumen.validator.EchoHandler@echo
            chains:
              api: [exception, specification, body, validator]
            paths:
              - {path: '/*', method: GET, exec: [api, echo]}
              - {path: /adm/reload, method: POST, exec: [reload]}
            """;

    private static String spec(int maxLimit, String extraPath) {
        return """
                openapi: 3.0.3
                info: {title: reload, version: '1'}
                paths:
                  /pets:
                    get:
                      parameters:
                        - {name: limit, in: query, schema: {type: integer, maximum: %d}}
                      responses: {'200': {description: ok}}
                %s""".formatted(maxLimit, extraPath);
    }

    private static final String OWNERS = """
              /owners:
                get:
                  responses: {'200': {description: ok}}
            """;

    @TempDir
    Path dir;
    TestService svc;

    @AfterEach
    void stop() {
        if (svc != null) {
            svc.close();
        }
    }

    private HttpResponse<String> reload() {
        return svc.send(svc.request("/adm/reload").POST(HttpRequest.BodyPublishers.noBody()).build());
    }

    @Test
    void aChangedSpecChangesMatchingAndValidation() {
        svc = TestService.in(dir).file("handler.yml", HANDLER).file("openapi.yaml", spec(10, "")).start();
        assertEquals(404, svc.get("/owners").statusCode());
        assertEquals(400, svc.get("/pets?limit=50").statusCode());

        svc.file("openapi.yaml", spec(100, OWNERS));
        HttpResponse<String> r = reload();
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(200, svc.get("/owners").statusCode());
        assertEquals(200, svc.get("/pets?limit=50").statusCode());
        assertEquals(400, svc.get("/pets?limit=500").statusCode());
    }

    @Test
    void aBrokenSpecIsRefusedWithItsFileAndLineAndTheOldSpecKeepsValidating() {
        svc = TestService.in(dir).file("handler.yml", HANDLER).file("openapi.yaml", spec(10, "")).start();
        svc.file("openapi.yaml", spec(100, """
                  /owners:
                    get:
                      responses: {'200': {$ref: '#/components/responses/Missing'}}
                """));
        HttpResponse<String> r = reload();
        assertEquals(422, r.statusCode(), r.body());
        JsonNode error = Fixture.json(r);
        assertEquals("ERR19010", error.get("code").asText());
        assertTrue(error.get("file").asText().endsWith("openapi.yaml"), r.body());
        assertEquals(11, error.get("line").asInt(), r.body());
        assertTrue(error.get("description").asText().contains("openapi.yaml:11:"), r.body());

        assertEquals(404, svc.get("/owners").statusCode()); // the old spec still matches
        assertEquals(400, svc.get("/pets?limit=50").statusCode()); // and validates
        assertEquals(1, svc.service().generation());
    }

    /** SpecSecurityTest's chain with {@code security}, and the reload route. */
    private static final String SECURED_HANDLERS = SpecSecurityTest.HANDLERS
            + "  - {path: /adm/reload, method: POST, exec: [reload]}\n";

    /** /pets and /owners, each open or taking the header key. */
    private static String securedSpec(String petsSecurity, String ownersSecurity) {
        return """
                openapi: 3.0.3
                info: {title: reload, version: '1'}
                paths:
                  /pets:
                    get: {security: %s, responses: {'200': {description: ok}}}
                  /owners:
                    get: {security: %s, responses: {'200': {description: ok}}}
                components:
                  securitySchemes:
                    headerKey: {type: apiKey, in: header, name: X-Api-Key}
                """.formatted(petsSecurity, ownersSecurity);
    }

    private static final String KEYED = "[{headerKey: []}]";
    private static final String OPEN = "[]";

    private static String security(String clientId) {
        return "jwt:\n  sharedSecret: " + SpecSecurityTest.SECRET + "\n  algorithms: [HS256]\nschemes:\n"
                + "  headerKey: {apiKeys: ['" + KeyDigest.stored("the-key") + "'], clientId: " + clientId + "}\n";
    }

    private HttpResponse<String> withKey(String path) {
        return svc.send(svc.request(path).header("X-Api-Key", "the-key").GET().build());
    }

    @Test
    void aReloadedSpecChangesWhichOperationsTakeTheKey() {
        svc = TestService.in(dir).file("handler.yml", SECURED_HANDLERS).file("openapi.yaml", securedSpec(KEYED, OPEN))
                .file("security.yml", security("partner")).start();
        HttpResponse<String> refused = svc.get("/pets");
        assertEquals(401, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("ERR19210"), refused.body());
        assertEquals(200, svc.get("/owners").statusCode());

        svc.file("openapi.yaml", securedSpec(OPEN, KEYED));
        assertEquals(200, reload().statusCode());
        assertEquals(200, svc.get("/pets").statusCode(), "no longer secured by the reloaded spec");
        HttpResponse<String> owners = svc.get("/owners");
        assertEquals(401, owners.statusCode(), "secured by the reloaded spec: " + owners.body());
        assertTrue(owners.body().contains("ERR19210"), owners.body());
        assertEquals("client=partner user=null", withKey("/owners").body());
    }

    @Test
    void aReloadedSecurityYmlChangesTheSchemesCredentials() {
        svc = TestService.in(dir).file("handler.yml", SECURED_HANDLERS).file("openapi.yaml", securedSpec(KEYED, OPEN))
                .file("security.yml", security("partner")).start();
        assertEquals("client=partner user=null", withKey("/pets").body());

        svc.file("security.yml", security("renamed"));
        assertEquals(200, reload().statusCode());
        assertEquals("client=renamed user=null", withKey("/pets").body());
    }
}
