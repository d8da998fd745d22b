package io.lumen.petstore;

import io.lumen.testkit.LumenTest;
import org.junit.jupiter.api.Test;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.FileInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** config/petstore/https: HTTPS + HTTP/2 with the shipped dev certificate. */
@LumenTest(config = "../config/petstore/https")
class PetstoreHttpsTest {
    private static X509Certificate devCertificate() throws Exception {
        try (FileInputStream in = new FileInputStream("../config/petstore/https/server.crt")) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    @Test
    void servesHttp2OverTlsWithTheDevCertificate(URI base) throws Exception {
        assertEquals("https", base.getScheme());
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("dev", devCertificate());
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, tmf.getTrustManagers(), null);
        HttpClient client = HttpClient.newBuilder().sslContext(tls).build();
        URI uri = URI.create("https://localhost:" + base.getPort() + "/v1/pets");
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(HttpClient.Version.HTTP_2, r.version());
        assertEquals(PetstoreHttpTest.REFERENCE, r.body());
    }

    @Test
    void devCertificateIsValidForAtLeastTenMoreYears() throws Exception {
        X509Certificate cert = devCertificate();
        assertTrue(cert.getNotAfter().toInstant().isAfter(Instant.now().plus(3650, ChronoUnit.DAYS)),
                "expires " + cert.getNotAfter());
    }
}
