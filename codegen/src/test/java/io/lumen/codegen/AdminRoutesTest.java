package io.lumen.codegen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The admin routes of a generated, secured service: the generated ones only show things and need no
 * token; a state-changing one added the way its README says ({@code handler.additionalChains} and
 * {@code additionalPaths} in values.yml) needs a token with the admin scope, from the generated
 * {@code security.yml}'s {@code routeScopes}, with no further setting.
 */
class AdminRoutesTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    @Test
    void anAddedLogLevelChangeNeedsTheAdminScopeWhileTheGeneratedAdminRoutesStayOpen() throws Exception {
        GeneratedProject project = GeneratedProject.generate(GeneratedProject.spec("bearer-scopes.yaml"), dir);
        assertEquals(0, project.exit, project.err);
        assertEquals("", project.compile());
        String readme = Files.readString(dir.resolve("README.md"));
        assertTrue(readme.contains("adminChange: [exception, correlation, security, audit]"), readme);
        assertTrue(Files.readString(dir.resolve("config/security.yml")).contains("routeScopes: ${security.routeScopes:"));

        Map<String, Object> values = Map.of(
                "handler.additionalChains", Map.of("adminChange", List.of("exception", "correlation", "security", "audit")),
                "handler.additionalPaths", List.of(Map.of("path", "/adm/logger", "method", "POST",
                        "exec", List.of("adminChange", "logger"))));
        try (GeneratedProject.Running service = project.start(values)) {
            URI base = service.service().httpUri().orElseThrow();
            assertEquals(200, HTTP.send(HttpRequest.newBuilder(base.resolve("/adm/server/info")).build(),
                    HttpResponse.BodyHandlers.ofString()).statusCode(), "read-only admin routes need no token");

            HttpResponse<String> anonymous = change(base, null);
            assertEquals(401, anonymous.statusCode(), anonymous.body());
            HttpResponse<String> business = change(base, GeneratedProject.token(List.of("ledger.read", "ledger.write", "ledger.admin")));
            assertEquals(403, business.statusCode(), business.body());
            assertTrue(business.body().contains("\"code\":\"ERR10005\""), business.body());
            HttpResponse<String> admin = change(base, GeneratedProject.token(List.of("admin")));
            // past security the logger itself answers: 200, or 501 ERR10081 where Logback is not the
            // SLF4J binding (this module's tests bind slf4j-nop)
            assertTrue(admin.statusCode() == 200 || admin.statusCode() == 501 && admin.body().contains("\"code\":\"ERR10081\""),
                    "an admin token from loopback reaches the logger: " + admin.body());
        }
    }

    private static HttpResponse<String> change(URI base, String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve("/adm/logger")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("[{\"name\":\"io.lumen.codegen.test\",\"level\":\"DEBUG\"}]"));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
