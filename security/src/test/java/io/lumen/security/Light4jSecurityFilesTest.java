package io.lumen.security;

import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Where light-rest-4j services keep the JWT middleware's settings: openapi-security.yml,
 * swagger-security.yml (its Swagger 2.0 line) or only values.yml keys of openapi-security; each,
 * with verification off, starts without a key source and lets a request without a token through.
 */
class Light4jSecurityFilesTest {
    private static final String HANDLER_YML = """
            handlers: [io.lumen.security.ShowToken@show]
            paths:
              - {path: /pets, method: GET, exec: [security, show]}
            """;

    @TempDir
    Path dir;

    private static void servesWithoutAToken(TestService service) {
        try (TestService s = service.file("handler.yml", HANDLER_YML).start()) {
            HttpResponse<String> r = s.get("/pets");
            assertEquals(200, r.statusCode(), r.body());
        }
    }

    @Test
    void valuesYmlOpenApiSecurityKeysAloneAreRead() {
        // light-example-4j rest/market, rest/petstore-maven-multiple: no *security.yml, values.yml switches it off
        servesWithoutAToken(TestService.in(dir).file("values.yml", "openapi-security.enableVerifyJwt: false\n"));
    }

    @Test
    void swaggerSecurityYmlIsRead() {
        // light-example-4j rest/swagger/petstore's swagger-security.yml, with light-4j keys Lumen does not read
        servesWithoutAToken(TestService.in(dir).file("swagger-security.yml", """
                enableVerifyJwt: false
                enableVerifyScope: true
                enableMockJwt: false
                logJwtToken: true
                bootstrapFromKeyService: false
                """));
    }

    @Test
    void withVerificationOnAndNoFilesARequestWithoutATokenIsRefused() {
        try (TestService s = TestService.in(dir).file("handler.yml", HANDLER_YML)
                .file("security.yml", "jwt: {sharedSecret: 0123456789abcdef0123456789abcdef, algorithms: [HS256]}\n").start()) {
            assertEquals(401, s.get("/pets").statusCode());
        }
    }
}
