package io.lumen.security;

import io.lumen.testkit.TestService;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the provider tests share: a service whose keys come from a JWKS, requests, and the checks of an answer. */
final class ProviderTokens {
    /** GET /v1/pets needs read:pets, GET /public/info no scope (RequireScopes stands in for the spec). */
    static final String HANDLER_YML = """
            handlers:
              - io.lumen.security.ShowToken@show
              - io.lumen.security.RequireScopes@spec
            chains:
              secured: [exception, spec, security]
            paths:
              - {path: '/v1/pets', method: GET, exec: [secured, show]}
              - {path: '/public/info', method: GET, exec: [secured, show]}
            """;

    private ProviderTokens() {
    }

    /** A service reading keys from {@code jwksUrl}; {@code jwt} holds more {@code jwt:} lines (two-space indented). */
    static TestService service(Path dir, String jwksUrl, String jwt) {
        return TestService.in(dir).file("handler.yml", HANDLER_YML).file("security.yml", """
                jwt:
                  keyResolver: JsonWebKeySet
                  jwksUrl: %s
                  jwksRefreshInterval: 0
                %s
                """.formatted(jwksUrl, jwt.indent(2))).start();
    }

    static HttpResponse<String> call(TestService s, String path, String token) {
        return s.send(s.request(path).header("Authorization", "Bearer " + token).GET().build());
    }

    static long now() {
        return Instant.now().getEpochSecond();
    }

    static void accepted(HttpResponse<String> r) {
        assertEquals(200, r.statusCode(), () -> r.body() + " " + r.headers().firstValue("WWW-Authenticate").orElse(""));
    }

    /** A refusal with light-4j's code, an RFC 6750 challenge naming why, and no library text. */
    static void refused(HttpResponse<String> r, int status, String code, String challengePart) {
        assertEquals(status, r.statusCode(), r.body());
        assertTrue(r.body().contains("\"code\":\"" + code + "\""), r.body());
        String challenge = r.headers().firstValue("WWW-Authenticate").orElse("");
        assertTrue(challenge.startsWith("Bearer ") && challenge.contains(challengePart), challenge);
        for (String leak : new String[] {"jose4j", "JWT processing", "InvalidJwt", "Exception", "org."}) {
            assertFalse(r.body().contains(leak) || challenge.contains(leak), leak + " in " + r.body() + " / " + challenge);
        }
    }

    static Map<String, Object> kidHeader(String kid) {
        return ProviderKey.map("typ", "JWT", "kid", kid);
    }
}
