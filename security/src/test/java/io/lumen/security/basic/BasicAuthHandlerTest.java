package io.lumen.security.basic;

import io.lumen.config.ConfigException;
import io.lumen.security.password.PasswordHash;
import io.lumen.testkit.TestService;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** HTTP Basic through real HTTP: bcrypt and argon2 users, path limits, hostile headers. */
class BasicAuthHandlerTest {
    private static final String HANDLER_YML = """
            handlers:
              - io.lumen.security.basic.Whoami@whoami
            paths:
              - {path: /api/pets, method: GET, exec: [basic, whoami]}
              - {path: /admin/users, method: GET, exec: [basic, whoami]}
            """;

    @TempDir
    static Path dir;
    static TestService service;

    /** An argon2id PHC string, made here with Bouncy Castle (small memory so the test stays fast). */
    static String argon2id(String password) {
        byte[] salt = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
        Argon2BytesGenerator g = new Argon2BytesGenerator();
        g.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id).withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withMemoryAsKB(1024).withIterations(2).withParallelism(1).withSalt(salt).build());
        byte[] hash = new byte[32];
        g.generateBytes(password.getBytes(StandardCharsets.UTF_8), hash);
        Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
        return "$argon2id$v=19$m=1024,t=2,p=1$" + b64.encodeToString(salt) + "$" + b64.encodeToString(hash);
    }

    @BeforeAll
    static void start() {
        service = TestService.in(dir).file("handler.yml", HANDLER_YML).file("basic-auth.yml", """
                realm: pets
                users:
                  - {username: alice, password: '%s'}
                  - {username: root, password: '%s', paths: [/admin]}
                  - {username: bob, password: '%s', paths: [/api]}
                """.formatted(PasswordHash.bcrypt("alice-secret", 4), argon2id("root-secret"),
                PasswordHash.bcrypt("secret:with:colons", 4))).start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    static HttpResponse<String> get(String path, String authorization) {
        var b = service.request(path).GET();
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return service.send(b.build());
    }

    static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void rightCredentialsPassAndNameTheUserAgainFromTheCache() {
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> r = get("/api/pets", basic("alice", "alice-secret"));
            assertEquals(200, r.statusCode(), r.body());
            assertEquals("user=alice client=null", r.body());
        }
        assertEquals("user=root client=null", get("/admin/users", basic("root", "root-secret")).body(), "argon2id");
        assertEquals(200, get("/api/pets", basic("bob", "secret:with:colons")).statusCode(),
                "the password is everything after the first colon");
        assertEquals(200, get("/api/pets", "basic " + basic("alice", "alice-secret").substring(6)).statusCode(),
                "the scheme name is case-insensitive");
    }

    @Test
    void noCredentialsIs401WithTheChallenge() {
        HttpResponse<String> r = get("/api/pets", null);
        assertEquals(401, r.statusCode());
        assertTrue(r.body().contains("\"code\":\"ERR19210\""), r.body());
        assertEquals("Basic realm=\"pets\", charset=\"UTF-8\"", r.headers().firstValue("WWW-Authenticate").orElse(null));
        assertEquals(401, get("/api/pets", "Bearer abc.def.ghi").statusCode(), "a bearer token is not basic");
    }

    @Test
    void wrongOrHostileCredentialsAre401() {
        String[] bad = {basic("alice", "wrong"), basic("alice", ""), basic("nobody", "alice-secret"), basic("", "x"),
                "Basic !!!not-base64!!!", "Basic " + Base64.getEncoder().encodeToString("no-colon".getBytes()),
                "Basic ", "Basic " + "A".repeat(10_000), basic("alice\u0000", "alice-secret"),
                basic("root", "root-secret\n")};
        for (String auth : bad) {
            HttpResponse<String> r = get("/api/pets", auth);
            assertEquals(401, r.statusCode(), auth.length() > 60 ? auth.substring(0, 60) : auth);
            assertTrue(r.body().contains("ERR10047") || r.body().contains("ERR19210"), r.body());
            assertTrue(r.headers().firstValue("WWW-Authenticate").isPresent());
            assertTrue(!r.body().contains("Exception") && !r.body().contains("bouncycastle"), r.body());
        }
    }

    @Test
    void aUserLimitedToOtherPathsIs401Err10071AsOnLight4j() {
        HttpResponse<String> r = get("/api/pets", basic("root", "root-secret"));
        assertEquals(401, r.statusCode());
        assertTrue(r.body().contains("\"code\":\"ERR10071\"") && r.body().contains("NOT_AUTHORIZED_REQUEST_PATH")
                && r.body().contains("root"), r.body());
        assertTrue(r.headers().firstValue("WWW-Authenticate").isPresent(), "a 401 carries the challenge");
        assertEquals(401, get("/admin/users", basic("bob", "secret:with:colons")).statusCode());
    }

    @Test
    void plainPasswordsAndUnknownKeysFailStartup(@TempDir Path bad) {
        ConfigException plain = assertThrows(ConfigException.class, () -> TestService.in(bad).file("handler.yml", HANDLER_YML)
                .file("basic-auth.yml", "users:\n  - {username: alice, password: hunter2}\n").start().close());
        assertTrue(plain.getMessage().contains("basic-auth.yml") && plain.getMessage().contains("never")
                && !plain.getMessage().contains("hunter2"), plain.getMessage());
        ConfigException unknown = assertThrows(ConfigException.class, () -> TestService.in(bad).file("handler.yml", HANDLER_YML)
                .file("basic-auth.yml", "users:\n  - {username: a, password: '" + PasswordHash.bcrypt("x", 4)
                        + "'}\nallowAnonymus: true\n").start().close());
        assertTrue(unknown.getMessage().contains("basic-auth.yml:3") && unknown.getMessage().contains("allowAnonymus"),
                unknown.getMessage());
    }
}
