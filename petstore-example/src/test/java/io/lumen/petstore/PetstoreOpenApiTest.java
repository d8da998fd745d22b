package io.lumen.petstore;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.testkit.LumenTest;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** config/petstore/embedded with specification + validator: spec-driven rejections, the spec and Swagger UI. */
@LumenTest(config = "../config/petstore/embedded")
class PetstoreOpenApiTest {
    private final HttpClient client = HttpClient.newHttpClient();

    private static String token;

    @BeforeAll
    static void mintToken() throws Exception {
        token = PetstoreEmbeddedTest.mint(3600); // the chain verifies JWTs before validating
    }

    private HttpResponse<String> send(HttpRequest request) throws Exception {
        request = HttpRequest.newBuilder(request, (n, v) -> true).header("Authorization", "Bearer " + token).build();
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theValidatorRejectsWhatTheSpecForbidsWithEveryError(URI base) throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(base.resolve("/v1/pets?limit=500")).build());
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("\"code\":\"ERR11004\"") && r.body().contains("query.limit"), r.body());
        HttpResponse<String> body = send(HttpRequest.newBuilder(base.resolve("/v1/pets"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"x\"}")).build());
        assertEquals(400, body.statusCode());
        assertTrue(body.body().contains("\"pointer\":\"/id\"") && body.body().contains("name"), body.body());
        HttpResponse<String> noKey = send(HttpRequest.newBuilder(base.resolve("/v1/pets/1")).DELETE().build());
        assertEquals(400, noKey.statusCode());
        assertTrue(noKey.body().contains("\"code\":\"ERR11017\""), noKey.body());
    }

    @Test
    void pathsOutsideTheSpecAre404AndOtherMethods405(URI base) throws Exception {
        assertEquals(404, send(HttpRequest.newBuilder(base.resolve("/v1/pets/1/toys")).build()).statusCode());
        HttpResponse<String> r = send(HttpRequest.newBuilder(base.resolve("/v1/pets/1")).PUT(HttpRequest.BodyPublishers.noBody()).build());
        assertTrue(r.statusCode() == 405, r.body());
    }

    @Test
    void handlersSeeConvertedValues(URI base) throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(base.resolve("/v1/pets?limit=1")).build());
        assertEquals(200, r.statusCode());
        assertEquals("[{\"id\":1,\"name\":\"catten\",\"tag\":\"cat\"}]", r.body());
        assertEquals(200, send(HttpRequest.newBuilder(base.resolve("/v1/pets/2")).build()).statusCode());
    }

    @Test
    void specYamlServesTheSpecFile(URI base) throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(base.resolve("/spec.yaml")).build());
        assertEquals(200, r.statusCode());
        assertEquals("application/yaml", r.headers().firstValue("Content-Type").orElseThrow());
        assertEquals(Files.readString(Path.of("../config/petstore/embedded/openapi.yaml")), r.body());
        HttpResponse<String> js = send(HttpRequest.newBuilder(base.resolve("/specui/swagger-ui-bundle.js")).build());
        assertEquals(200, js.statusCode());
        assertTrue(js.headers().firstValue("Content-Type").orElseThrow().startsWith("text/javascript"));
        assertEquals(404, send(HttpRequest.newBuilder(base.resolve("/specui/../../etc/passwd")).build()).statusCode());
    }

    @Test
    void swaggerUiGetsTheSpecWithTheRequestsOwnOriginAsFirstServer(URI base) throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(base.resolve("/specui/spec.json")).build());
        assertEquals(200, r.statusCode());
        var spec = new ObjectMapper().readTree(r.body());
        assertEquals(base.resolve("/v1").toString(), spec.at("/servers/0/url").asText(), r.body());
        assertEquals("http://petstore.swagger.io/v1", spec.at("/servers/1/url").asText());
        assertEquals("listPets", spec.at("/paths/~1pets/get/operationId").asText());
        HttpResponse<String> page = send(HttpRequest.newBuilder(base.resolve("/specui.html")).build());
        assertTrue(page.body().contains("'/specui/spec.json'"), page.body());
    }

    @Test
    void swaggerUiRendersThePetstoreOperationsInHeadlessChromium(URI base) throws Exception {
        String chromium = findChromium();
        if (chromium == null) {
            if ("true".equals(System.getenv("CI"))) {
                fail("chromium is not installed: .ci/run installs it (apt-get install -y chromium)");
            }
            Assumptions.abort("chromium is not installed; apt-get install -y chromium to run this test");
        }
        Path profile = Files.createTempDirectory("lumen-chromium");
        Process p = new ProcessBuilder(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--virtual-time-budget=10000", "--dump-dom",
                base.resolve("/specui.html").toString().replace("localhost", "127.0.0.1"))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("chromium did not finish in 60 s");
        }
        String dom = new String(out, StandardCharsets.UTF_8);
        String origin = base.resolve("/v1").toString().replace("localhost", "127.0.0.1");
        for (String expected : new String[] {"listPets", "createPets", "showPetById", "deletePetById", "/pets/{petId}", origin}) {
            assertTrue(dom.contains(expected), "Swagger UI shows " + expected + "; DOM was:\n"
                    + dom.substring(0, Math.min(dom.length(), 3000)));
        }
    }

    private static String findChromium() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            for (String name : new String[] {"chromium", "chromium-browser", "google-chrome"}) {
                if (Files.isExecutable(Path.of(dir, name))) {
                    return Path.of(dir, name).toString();
                }
            }
        }
        return null;
    }
}
