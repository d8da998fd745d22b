package io.lumen.proxy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ProxyUnderTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** forwardJwtClaims: the verified claims that security (here a stand-in) published in the handler module's attachments. */
class ForwardedClaimsTest {
    static Backend backend;

    @BeforeAll
    static void start() {
        backend = Backend.http("b1").respond("/echo", (exchange, r) -> exchange.getResponseSender().send("ok")).start();
    }

    @AfterAll
    static void stop() {
        backend.close();
    }

    static String handlerYml() {
        return ProxyUnderTest.handlerYml("claims, proxy")
                .replace("handlers:\n", "handlers:\n  - io.lumen.proxy.ClaimsFromHeader@claims\n");
    }

    @Test
    void theVerifiedClaimsAreSentAsJsonInJwtClaims(@TempDir Path dir) throws IOException {
        try (ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(backend.url()).value("proxy.forwardJwtClaims", true)
                .file("handler.yml", handlerYml()).start()) {
            assertEquals(200, p.send(p.request("/echo/1").header("X-Test-Sub", "alice").GET().build()).statusCode());
            String sent = backend.last().header("jwtClaims");
            assertEquals(Map.of("sub", "alice", "scope", List.of("a", "b")), new ObjectMapper().readValue(sent, Map.class));

            assertEquals(200, p.get("/echo/2").statusCode());
            assertNull(backend.last().header("jwtClaims"), "no verified token, no header");
        }
    }

    @Test
    void withoutForwardJwtClaimsNothingIsSent(@TempDir Path dir) {
        try (ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(backend.url()).file("handler.yml", handlerYml()).start()) {
            assertEquals(200, p.send(p.request("/echo/1").header("X-Test-Sub", "alice").GET().build()).statusCode());
            assertNull(backend.last().header("jwtClaims"));
        }
    }
}
