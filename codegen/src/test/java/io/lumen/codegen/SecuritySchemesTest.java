package io.lumen.codegen;

import io.lumen.security.password.KeyDigest;
import io.lumen.security.password.PasswordHash;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A service generated from a spec with apiKey (header, query, cookie), http basic and http bearer
 * schemes enforces each operation's requirements through real HTTP, with credentials only from the
 * generated config's placeholders (no secret is generated), and without generation warnings.
 */
class SecuritySchemesTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    @Test
    void theGeneratedServiceEnforcesApiKeysBasicAndBearerPerOperation() throws Exception {
        GeneratedProject project = GeneratedProject.generate(GeneratedProject.spec("security-schemes.yaml"), dir);
        assertEquals(0, project.exit, project.err);
        assertFalse(project.err.contains("does not enforce") || project.out.contains("does not enforce"), project.out + project.err);
        assertEquals("", project.compile(), "the generated TestSupport sends keys, passwords and tokens");
        String security = Files.readString(dir.resolve("config/security.yml"));
        assertTrue(security.contains("  'headerKey':  # apiKey in header X-Api-Key\n    apiKeys: ${security.schemes.headerKey.apiKeys:[]}"), security);
        assertTrue(security.contains("    users: ${security.schemes.basic.users:[]}"), security);
        assertFalse(Pattern.compile("sha256:[0-9a-f]{64}|\\$2[aby]\\$\\d\\d\\$").matcher(security).find(),
                "no key or hash is generated: " + security);
        String routes = Files.readString(dir.resolve("target/generated-resources/lumen/config/handler.yml"));
        assertTrue(routes.contains("{path: '/shop/public', method: GET, exec: [open, openToAll]}"), routes);
        assertTrue(routes.contains("{path: '/shop/header', method: GET, exec: [default, byHeaderKey]}"), routes);
        String test;
        try (Stream<Path> files = Files.walk(dir.resolve("src/test/java"))) {
            test = Files.readString(files.filter(f -> f.endsWith("ByKeyAndPasswordTest.java")).findFirst().orElseThrow());
        }
        assertTrue(test.contains("List.of(\"headerKey\", \"basic\")"), test);

        String password = "s3cret-pw";
        Map<String, Object> credentials = Map.of(
                "security.schemes.headerKey.apiKeys", List.of(KeyDigest.stored("header-key")),
                "security.schemes.queryKey.apiKeys", List.of(KeyDigest.stored("query-key")),
                "security.schemes.cookieKey.apiKeys", List.of(KeyDigest.stored("cookie-key")),
                "security.schemes.basic.users", List.of(Map.of("username", "alice", "password", PasswordHash.bcrypt(password, 4))));
        String basic = "Basic " + Base64.getEncoder().encodeToString(("alice:" + password).getBytes(StandardCharsets.UTF_8));
        try (GeneratedProject.Running service = project.start(credentials)) {
            URI base = service.service().httpUri().orElseThrow();
            assertEquals(200, get(base, "/shop/header", "X-Api-Key", "header-key").statusCode());
            assertEquals(401, get(base, "/shop/header", "X-Api-Key", "query-key").statusCode(), "another scheme's key");
            assertEquals(200, get(base, "/shop/query?key=query-key").statusCode());
            assertEquals(200, get(base, "/shop/cookie", "Cookie", "session=cookie-key").statusCode());
            assertEquals(200, get(base, "/shop/basic", "Authorization", basic).statusCode());
            HttpResponse<String> noPassword = get(base, "/shop/basic");
            assertEquals(401, noPassword.statusCode());
            assertEquals("Basic realm=\"lumen\", charset=\"UTF-8\"", noPassword.headers().firstValue("WWW-Authenticate").orElse(""));
            assertEquals(200, get(base, "/shop/bearer", "Authorization", "Bearer " + GeneratedProject.token(List.of())).statusCode());
            assertEquals(401, get(base, "/shop/bearer", "Authorization", basic).statusCode(), "the document's default is bearer");
            assertEquals(200, get(base, "/shop/either", "Authorization", basic).statusCode());
            assertEquals(200, get(base, "/shop/either", "X-Api-Key", "header-key").statusCode());
            assertEquals(401, get(base, "/shop/both", "X-Api-Key", "header-key").statusCode());
            assertEquals(200, get(base, "/shop/both", "X-Api-Key", "header-key", "Authorization", basic).statusCode());
            assertEquals(200, get(base, "/shop/public").statusCode());
        }
    }

    @Test
    void withoutConfiguredCredentialsTheSchemesRefuseEveryone() throws Exception {
        GeneratedProject project = GeneratedProject.generate(GeneratedProject.spec("security-schemes.yaml"), dir);
        assertEquals("", project.compile());
        try (GeneratedProject.Running service = project.start(Map.of())) {
            URI base = service.service().httpUri().orElseThrow();
            HttpResponse<String> key = get(base, "/shop/header", "X-Api-Key", "anything");
            assertEquals(401, key.statusCode(), key.body());
            assertTrue(key.body().contains("\"code\":\"ERR10075\""), key.body());
            assertEquals(401, get(base, "/shop/basic", "Authorization", "Basic " + Base64.getEncoder()
                    .encodeToString("alice:x".getBytes(StandardCharsets.UTF_8))).statusCode());
            assertEquals(200, get(base, "/shop/public").statusCode(), "the service starts and serves what is public");
        }
    }

    @Test
    void anOperationOnlySchemesLumenDoesNotCheckCanSatisfyGetsATestOfItsRefusal() throws Exception {
        GeneratedProject project = GeneratedProject.generate(GeneratedProject.spec("unchecked-schemes.yaml"), dir, "--verbose");
        assertEquals(0, project.exit, project.err);
        assertTrue(project.err.contains("security scheme 'sessionToken' is not declared in components/securitySchemes"), project.err);
        assertTrue(project.err.contains("security scheme 'digest' is not one Lumen checks"), project.err);
        for (String name : List.of("UpdateSettingsTest.java", "ByDigestTest.java")) {
            String test = Files.readString(dir.resolve("src/test/java/com/example/uncheckedschemes/" + name));
            assertTrue(test.contains("IsRefusedWithoutASchemeLumenChecks()") && test.contains("Assertions.assertEquals(401, "), test);
        }
        String open = Files.readString(dir.resolve("src/test/java/com/example/uncheckedschemes/OpenToAllTest.java"));
        assertTrue(open.contains("openToAllAnswersItsDocumentedStatus()"), open);
        assertEquals("", project.compile());
        try (GeneratedProject.Running service = project.start(Map.of())) {
            URI base = service.service().httpUri().orElseThrow();
            HttpResponse<String> settings = HTTP.send(HttpRequest.newBuilder(base.resolve("/settings"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"theme\":\"dark\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(401, settings.statusCode(), "what the generated test asserts: " + settings.body());
            assertEquals(401, get(base, "/digest", "Authorization", "Digest username=\"a\"").statusCode());
            assertEquals(200, get(base, "/public").statusCode());
        }
    }

    @Test
    void securityEveryOperationMaySkipNeedsNoSecurityModuleInTheProjectOrItsTests() throws Exception {
        GeneratedProject project = GeneratedProject.generate(GeneratedProject.spec("optional-security.yaml"), dir);
        assertEquals(0, project.exit, project.err);
        String pom = Files.readString(dir.resolve("pom.xml"));
        assertFalse(pom.contains("lumen-security"), "no operation runs the security chain: " + pom);
        String support = Files.readString(dir.resolve("src/test/java/com/example/optionalsecurity/TestSupport.java"));
        assertFalse(support.contains("io.lumen.security"), "the tests compile against the project's own dependencies: " + support);
        assertFalse(Files.exists(dir.resolve("config/security.yml")));
        assertEquals("", project.compile());
        try (GeneratedProject.Running service = project.start(Map.of())) {
            assertEquals(200, get(service.service().httpUri().orElseThrow(), "/collections").statusCode());
        }
    }

    private static HttpResponse<String> get(URI base, String target, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(target)).GET();
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
