package io.lumen.proxy.light4j;

import io.lumen.testkit.core.TestHttp;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;

/**
 * An HTTPS client that trusts exactly the certificate of a light-4j folder's {@code server.keystore}
 * (light-4j's sample key, CN=localhost), for the folders whose server.yml keeps light-4j's HTTPS-only default.
 */
final class Https {
    private final HttpClient client;
    private final URI base;

    private Https(HttpClient client, URI base) {
        this.client = client;
        this.base = base;
    }

    static Https to(int port, Path keystore, String password) throws Exception {
        KeyStore ks = KeyStore.getInstance("JKS");
        try (InputStream in = Files.newInputStream(keystore)) {
            ks.load(in, password.toCharArray());
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, tmf.getTrustManagers(), null);
        HttpClient client = HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(5)).build();
        return new Https(client, URI.create("https://localhost:" + port));
    }

    HttpResponse<String> get(String path, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(TestHttp.REQUEST_TIMEOUT).GET();
        if (headers.length > 0) {
            b.headers(headers);
        }
        return TestHttp.send(client, b.build());
    }

    HttpResponse<String> post(String path, String json) {
        return TestHttp.send(client, HttpRequest.newBuilder(base.resolve(path)).timeout(TestHttp.REQUEST_TIMEOUT)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }
}
