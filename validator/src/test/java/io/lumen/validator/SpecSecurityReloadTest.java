package io.lumen.validator;

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
 * POST /adm/reload re-reads openapi.yaml and security.yml: the security requirements the {@code security}
 * middleware enforces are the reloaded spec's, through real HTTP.
 */
class SpecSecurityReloadTest {
    private static final String HANDLERS = """
            handlers:
              - io.lumen.validator.SpecSecurityTest$Who@who
            chains:
              api: [exception, specification, security, body, validator]
            paths:
              - {path: '/*', method: GET, exec: [api, who]}
              - {path: /adm/reload, method: POST, exec: [reload]}
            """;

    /** /pets and /owners, each open or taking the header key. */
    private static String spec(String petsSecurity, String ownersSecurity) {
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

    @TempDir
    Path dir;
    TestService svc;

    @AfterEach
    void stop() {
        if (svc != null) {
            svc.close();
        }
    }

    private static String security(String clientId) {
        return "jwt:\n  sharedSecret: " + SpecSecurityTest.SECRET + "\n  algorithms: [HS256]\nschemes:\n  headerKey: {apiKeys: ['" + KeyDigest.stored("the-key") + "'], clientId: " + clientId + "}\n";
    }

    private HttpResponse<String> get(String path, String... headers) {
        HttpRequest.Builder b = svc.request(path).GET();
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return svc.send(b.build());
    }

    private void reload() {
        HttpResponse<String> r = svc.send(svc.request("/adm/reload").POST(HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(200, r.statusCode(), r.body());
    }

    @Test
    void aReloadedSpecChangesWhichOperationsTakeTheKey() {
        svc = TestService.in(dir).file("handler.yml", HANDLERS).file("openapi.yaml", spec(KEYED, OPEN))
                .file("security.yml", security("partner")).start();
        HttpResponse<String> refused = get("/pets");
        assertEquals(401, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("ERR19210"), refused.body());
        assertEquals(200, get("/owners").statusCode());

        svc.file("openapi.yaml", spec(OPEN, KEYED));
        reload();
        assertEquals(200, get("/pets").statusCode(), "no longer secured by the reloaded spec");
        HttpResponse<String> owners = get("/owners");
        assertEquals(401, owners.statusCode(), "secured by the reloaded spec: " + owners.body());
        assertTrue(owners.body().contains("ERR19210"), owners.body());
        assertEquals("client=partner user=null", get("/owners", "X-Api-Key", "the-key").body());
    }

    @Test
    void aReloadedSecurityYmlChangesTheSchemesCredentials() {
        svc = TestService.in(dir).file("handler.yml", HANDLERS).file("openapi.yaml", spec(KEYED, OPEN))
                .file("security.yml", security("partner")).start();
        assertEquals("client=partner user=null", get("/pets", "X-Api-Key", "the-key").body());

        svc.file("security.yml", security("renamed"));
        reload();
        assertEquals("client=renamed user=null", get("/pets", "X-Api-Key", "the-key").body());
    }
}
