package io.lumen.client;

import io.lumen.testkit.core.PerClass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The test certificate names localhost and 127.0.0.1; the server also listens on 127.0.0.2 (all of
 * 127/8 is loopback), a name the certificate does not carry.
 */
class TlsTest {
    @RegisterExtension
    static final PerClass<TestServer> server = PerClass.of(() -> TestServer.start(true, -1, "0.0.0.0", false));

    @Test
    void hostnameVerificationIsPerClientOnByDefaultAndSwitchableOff() throws Exception {
        URI wrongName = server.get().https("127.0.0.2", "/get?name=x");
        try (LumenClient strict = ProtocolsTest.trusting().maxRetries(0).build();
             LumenClient lax = ProtocolsTest.trusting().verifyHostname(false).build()) {
            ClientException e = FailuresTest.failure(strict.send(Request.get(wrongName).build()));
            assertEquals(ClientException.TLS_FAILED, e.code(), e.getMessage());
            assertTrue(e.notSent());
            assertEquals("Hello x", lax.send(Request.get(wrongName).build()).get(5, TimeUnit.SECONDS).bodyString(),
                    "the other client in the same JVM skips the check");
            assertEquals("Hello y", strict.send(Request.get(server.get().https("/get?name=y")).build())
                    .get(5, TimeUnit.SECONDS).bodyString(), "the strict client accepts the right name");
            e = FailuresTest.failure(strict.send(Request.get(wrongName).build()));
            assertEquals(ClientException.TLS_FAILED, e.code(), "and the lax client changed nothing for it");
        }
    }

    @Test
    void anUntrustedServerFailsTheHandshake() throws Exception {
        try (LumenClient client = LumenClient.builder().maxRetries(0).build()) {
            ClientException e = FailuresTest.failure(client.send(Request.get(server.get().https("/get")).build()));
            assertEquals(ClientException.TLS_FAILED, e.code(), e.getMessage());
        }
    }

    @Test
    void tls12OnlyStillConnects() throws Exception {
        try (LumenClient client = ProtocolsTest.trusting().tlsVersion("TLSv1.2").build()) {
            assertEquals(200, client.send(Request.get(server.get().https("/get")).build()).get(5, TimeUnit.SECONDS).status());
        }
    }
}
