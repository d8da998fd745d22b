package io.lumen.spring.it;

import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Multipart uploads over HTTP/2, cleartext (h2c, upgraded from HTTP/1.1) and TLS (ALPN), through a chain
 * that ends in Spring and to a path Lumen leaves to Spring: with and without a length, within Spring's
 * multipart limits (the controller stores them) and over them (the application's own 413).
 */
class Http2UploadTest {
    private static final String[] PATHS = {"/mw/upload", "/spring/upload"};

    @Test
    void uploadsOverH2c() throws Exception {
        try (ConfigurableApplicationContext app = Apps.start(Apps.dir("lumen-it"), "server.http2.enabled=true",
                UploadLimitTest.LIMITS[0], UploadLimitTest.LIMITS[1], "test.upload-advice=true")) {
            HttpClient h2c = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
            int port = app.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
            uploads(h2c, "http://127.0.0.1:" + port);
        }
    }

    @Test
    void uploadsOverTlsH2() throws Exception {
        try (ConfigurableApplicationContext app = Apps.start(Apps.dir("lumen-it"), "server.http2.enabled=true",
                "server.ssl.key-store=classpath:tls/server.p12", "server.ssl.key-store-password=changeit",
                "server.ssl.key-store-type=PKCS12",
                UploadLimitTest.LIMITS[0], UploadLimitTest.LIMITS[1], "test.upload-advice=true")) {
            HttpClient h2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).sslContext(Http.clientTls()).build();
            int port = app.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
            uploads(h2, "https://localhost:" + port);
        }
    }

    private static void uploads(HttpClient client, String base) throws Exception {
        // h2c: the first request upgrades the connection, the uploads then go as HTTP/2 streams on it
        HttpResponse<String> first = client.send(HttpRequest.newBuilder(URI.create(base + "/mw/spring")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, first.statusCode(), first.body());
        for (String path : PATHS) {
            for (boolean chunked : new boolean[] {false, true}) {
                String what = base + path + (chunked ? " without a length" : " with Content-Length");
                HttpResponse<String> small = send(client, base + path, 1_000, chunked);
                assertEquals(HttpClient.Version.HTTP_2, small.version(), what);
                assertEquals(200, small.statusCode(), what + ": " + small.body());
                assertEquals("stored upload.bin 1000", small.body(), what);

                HttpResponse<String> bigger = send(client, base + path, 60_000, chunked); // several DATA frames
                assertEquals(200, bigger.statusCode(), what + ": " + bigger.body());
                assertEquals("stored upload.bin 60000", bigger.body(), what);

                HttpResponse<String> over = send(client, base + path, 200_000, chunked);
                assertEquals(HttpClient.Version.HTTP_2, over.version(), what);
                assertEquals(413, over.statusCode(), what + ": " + over.body());
                assertEquals(UploadTooLargeAdvice.ANSWER, over.body(), what);
            }
        }
    }

    private static HttpResponse<String> send(HttpClient client, String uri, int size, boolean chunked) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", UploadLimitTest.CONTENT_TYPE)
                .POST(UploadLimitTest.multipart(size, chunked)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
