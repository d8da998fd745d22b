package io.lumen.validator;

import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Without {@code body} in the chain the validator reads the body with the body middleware's reader, by
 * body.yml's settings: the body is validated, attached, and still readable by the handlers behind it.
 */
class ValidatorReadsTheBodyTest {
    private static final String HANDLER = """
            handlers:
              - io.lumen.validator.ReadsBodyAgain@again
            paths:
              - {path: /things, method: POST, exec: [exception, specification, validator, again]}
            """;

    @TempDir
    Path dir;

    private TestService start(String bodyYml) {
        TestService svc = TestService.in(dir).file("handler.yml", HANDLER)
                .file("openapi.yaml", Fixture.resource("specs/things/openapi.yaml"));
        return (bodyYml == null ? svc : svc.file("body.yml", bodyYml)).start();
    }

    private static HttpResponse<String> post(TestService svc, String json) {
        return svc.send(svc.request("/things").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    @Test
    void aValidBodyIsAttachedAndReadableAgainBehindTheValidator() {
        try (TestService svc = start(null)) {
            HttpResponse<String> r = post(svc, "{\"name\":\"box\"}");
            assertEquals(200, r.statusCode(), r.body());
            assertEquals("parsed=true body={\"name\":\"box\"}", r.body());
        }
    }

    @Test
    void anInvalidOrMalformedBodyIsRefused() {
        try (TestService svc = start(null)) {
            HttpResponse<String> invalid = post(svc, "{\"count\":1}");
            assertEquals(400, invalid.statusCode(), invalid.body());
            assertEquals("ERR11004", Fixture.json(invalid).get("code").asText(), invalid.body());
            HttpResponse<String> malformed = post(svc, "{\"name\":");
            assertEquals(400, malformed.statusCode(), malformed.body());
            assertEquals("ERR10015", Fixture.json(malformed).get("code").asText(), malformed.body());
        }
    }

    @Test
    void bodyYmlsLimitApplies() {
        try (TestService svc = start("maxBodySize: 16\n")) {
            HttpResponse<String> r = post(svc, "{\"name\":\"a name longer than sixteen bytes\"}");
            assertEquals(413, r.statusCode(), r.body());
            assertEquals("ERR10068", Fixture.json(r).get("code").asText(), r.body());
        }
    }
}
