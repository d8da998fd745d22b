package io.lumen.example.spring;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.security.tool.DevTokens;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The example as a user runs it: the petstore behind Lumen's chain, and the comparison routes. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ExampleApplicationTest {
    static final HttpClient HTTP = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
    }

    static String token(String scope) throws Exception {
        Path key = Path.of("../../config/petstore/embedded/dev-only/petstore-dev-1.key.pem");
        byte[] der = Base64.getMimeDecoder().decode(Files.readString(key).replaceAll("-----[A-Z ]+-----", ""));
        PrivateKey pk = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
        JwtClaims c = new JwtClaims();
        c.setIssuer("https://lumen.dev/issuer");
        c.setAudience("petstore");
        c.setClaim("client_id", "example-client");
        c.setClaim("scope", scope);
        c.setExpirationTime(NumericDate.fromSeconds(Instant.now().getEpochSecond() + 300));
        return DevTokens.sign(pk, "petstore-dev-1", c);
    }

    @Test
    void petstoreBehindLumensChain() throws Exception {
        String read = "Bearer " + token("read:pets write:pets");
        HttpResponse<String> list = send(request("/v1/pets").header("Authorization", read));
        assertEquals(200, list.statusCode(), list.body());
        assertEquals("[{\"id\":1,\"name\":\"catten\",\"tag\":\"cat\"},{\"id\":2,\"name\":\"doggy\",\"tag\":\"dog\"}]", list.body());

        HttpResponse<String> noToken = send(request("/v1/pets"));
        assertEquals(401, noToken.statusCode());
        assertEquals("ERR10002", new ObjectMapper().readTree(noToken.body()).get("code").asText());

        HttpResponse<String> invalid = send(request("/v1/pets").header("Authorization", read)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"no id\"}")));
        assertEquals(400, invalid.statusCode(), invalid.body());
        assertTrue(invalid.body().contains("ERR11004"), invalid.body());

        HttpResponse<String> created = send(request("/v1/pets").header("Authorization", read)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"id\":3,\"name\":\"tweety\"}")));
        assertEquals(201, created.statusCode(), created.body());
        assertEquals("{\"id\":3,\"name\":\"tweety\"}", send(request("/v1/pets/3").header("Authorization", read)).body());
        HttpResponse<String> missing = send(request("/v1/pets/99").header("Authorization", read));
        assertEquals(404, missing.statusCode());
        assertEquals(404, new ObjectMapper().readTree(missing.body()).get("code").asInt());
    }

    @Test
    void helloWorldFromLumenAndFromSpring() throws Exception {
        assertEquals("Hello World", send(request("/light-4j")).body());
        assertEquals("Hello World", send(request("/spring-boot")).body());
    }

    @Test
    void springSecurityComparisonRouteUsesTheSameKey() throws Exception {
        assertEquals(401, send(request("/spring-security/v1/pets")).statusCode());
        HttpResponse<String> ok = send(request("/spring-security/v1/pets").header("Authorization", "Bearer " + token("read:pets")));
        assertEquals(200, ok.statusCode(), ok.body());
        assertEquals(200, send(request("/bare/v1/pets")).statusCode());
    }
}
