package io.lumen.proxy;

import io.lumen.client.testing.TestDnsServer;
import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.Certificates;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.proxy.upstream.Upstream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.lumen.testkit.core.Await.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An https upstream found through DNS: the proxy connects to the address, but its handshakes (the
 * proxied requests' and the health checks') name the discovered name, so a certificate that names
 * only the service (no address) is accepted with hostname verification on.
 */
class DiscoveredTlsTest {

    @Test
    void theCertificateIsCheckedAgainstTheDiscoveredName(@TempDir Path certs, @TempDir Path dir) throws Exception {
        Path keys = Certificates.keyStore(certs, "pets", "dns:pets.test");
        Path trust = certs.resolve("client.truststore");
        Certificates.trust(keys, "pets", trust);
        Files.copy(trust, dir.resolve("client.truststore"));
        try (TestDnsServer dns = new TestDnsServer();
             Backend b = Backend.https("tls", Certificates.serverContext(keys), false).startOn("127.0.0.2", 0)) {
            dns.addresses("pets.test", 1, "127.0.0.2");
            try (ProxyUnderTest p = ProxyUnderTest.in(dir).hosts("https://pets.test:" + b.port())
                    .value("proxy.discovery.enabled", true)
                    .value("proxy.discovery.resolvers", dns.address())
                    .value("proxy.healthCheck.enabled", true)
                    .value("proxy.healthCheck.interval", 50)
                    .start()) {
                assertEquals(200, p.get("/pets").statusCode());
                assertEquals("pets.test:" + b.port(), b.received("/pets").get(0).header("Host"));
                until(() -> b.received("/health").size() >= 3);
                Upstream u = ProxyInternals.upstreams(p).all().get(0);
                assertEquals("https://127.0.0.2:" + b.port(), u.origin());
                assertTrue(u.activeHealthy(), "the health checks' handshakes pass too");
                assertEquals(200, p.get("/pets").statusCode());
            }
        }
    }
}
