package io.lumen.security;

import io.lumen.testkit.TestService;
import io.lumen.testkit.core.Await;
import org.jose4j.jwt.NumericDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The verified-token cache over HTTP: hits, and no hit past the token's exp. */
class CacheExpiryTest {
    @TempDir
    Path dir;

    @Test
    void aCachedTokenIsRefusedOnceItExpires() throws Exception {
        TestKeys keys = TestKeys.rsa("c1");
        keys.writeCertificate(dir);
        try (TestService s = TestService.in(dir).file("handler.yml", JwksRotationTest.HANDLER_YML).file("security.yml", """
                jwt:
                  certificate: {c1: c1.crt}
                  clockSkewInSeconds: 0
                  cacheSize: 5
                """).start()) {
            long exp = Instant.now().getEpochSecond() + 5;
            String token = keys.token(c -> c.setExpirationTime(NumericDate.fromSeconds(exp)));
            int passed = 0;
            for (int i = 0; i < 20; i++) { // the first verifies, the others are cache hits
                HttpResponse<String> hit = call(s, token);
                if (hit.statusCode() != 200) { // a loaded machine may reach exp within the loop: never before it
                    assertTrue(Instant.now().getEpochSecond() >= exp, "refused before exp: " + hit.body());
                    break;
                }
                passed++;
            }
            assertTrue(passed >= 2, "verified and then served from the cache before exp: " + passed + " passed");
            HttpResponse<String> r = Await.until(() -> call(s, token), resp -> resp.statusCode() != 200, Duration.ofSeconds(30),
                    "the cached token refused once it expires");
            assertEquals(401, r.statusCode());
            assertTrue(r.body().contains("ERR10001"), r.body());
            assertTrue(Instant.now().getEpochSecond() >= exp, "refused before exp");
        }
    }

    private static HttpResponse<String> call(TestService s, String token) {
        return s.send(s.request("/v1/pets").header("Authorization", "Bearer " + token).GET().build());
    }
}
