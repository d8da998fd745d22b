package io.lumen.proxy.light4j;

import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.Certificates;
import io.lumen.proxy.testing.ProxyUnderTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * light-proxy's {@code openapi-proxy} folder (light-config-test, see the README of
 * src/test/resources/light4j): a proxy.yml with https hosts and no {@code tls}, a client.yml whose
 * {@code tls} loads {@code client.truststore} with password {@code password}. light-4j's proxy
 * connected with client.yml's TLS settings; so does Lumen's. The trust store is the test's own
 * (trusting the test backend), under the folder's name and password.
 */
class ProxyClientTlsTest {
    private static final Path FOLDER = Path.of("src/test/resources/light4j/light-proxy-openapi");

    @Test
    void aProxyYmlWithoutTlsConnectsWithClientYmlsTls(@TempDir Path certs, @TempDir Path dir) throws Exception {
        Path keys = Certificates.keyStore(certs, "backend", "ip:127.0.0.1,dns:localhost");
        Certificates.trust(keys, "backend", dir.resolve("client.truststore"));
        try (Backend b = Backend.https("tls", Certificates.serverContext(keys), false).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).file("proxy.yml", proxyYml(b)).file("client.yml", read("client.yml"))
                     .start()) {
            HttpResponse<String> r = p.get("/v1/pets");
            assertEquals(200, r.statusCode(), r.body());
            assertEquals(1, b.received("/v1/pets").size());
        }
    }

    @Test
    void aProxyYmlWithItsOwnTlsKeepsIt(@TempDir Path certs, @TempDir Path dir) throws Exception {
        // client.yml's trust store password is wrong for the store; proxy.yml's own tls is the one used
        Path keys = Certificates.keyStore(certs, "backend", "ip:127.0.0.1,dns:localhost");
        Certificates.trust(keys, "backend", dir.resolve("proxy.truststore"));
        String ownTls = "\ntls:\n  trustStore: proxy.truststore\n  trustStorePass: password\n";
        String clientYml = "tls:\n  trustStore: proxy.truststore\n  trustStorePass: wrong\n";
        try (Backend b = Backend.https("tls", Certificates.serverContext(keys), false).start();
             ProxyUnderTest p = ProxyUnderTest.in(dir).file("proxy.yml", proxyYml(b) + ownTls).file("client.yml", clientYml)
                     .start()) {
            assertEquals(200, p.get("/v1/pets").statusCode());
        }
    }

    /** The folder's proxy.yml with its hosts (https://localhost:8081,...) written as the test backend's address. */
    private static String proxyYml(Backend b) throws IOException {
        String yml = read("proxy.yml");
        String hosts = "hosts: https://localhost:8081,https://localhost:8082,https://localhost:8083";
        assertTrue(yml.contains(hosts), yml);
        return yml.replace(hosts, "hosts: " + b.url());
    }

    private static String read(String name) throws IOException {
        return Files.readString(FOLDER.resolve(name));
    }
}
