package io.lumen.spring.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Boot 4: Spring's server.* properties drive Lumen's server (TLS from server.ssl.*, HTTP/2 from
 * server.http2.enabled, the Server header from server.server-header), Lumen's server.yml wins for the
 * keys it sets, and the startup log says which came from where. Real HTTP against the started app.
 */
@ExtendWith(OutputCaptureExtension.class)
class Boot4ServerTest {

    @Test
    void springsSslAndHttp2ServeLumenAndSpringRoutesOverTls(CapturedOutput output) throws Exception {
        try (ConfigurableApplicationContext app = Apps.start(Apps.dir("lumen-it"),
                "server.ssl.key-store=classpath:tls/server.p12", "server.ssl.key-store-password=changeit",
                "server.http2.enabled=true", "server.server-header=from-spring")) {
            int port = app.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
            HttpClient tls = HttpClient.newBuilder().sslContext(Http.clientTls()).version(HttpClient.Version.HTTP_2).build();
            for (String path : new String[] {"/lumen/hello", "/spring/hello"}) {
                HttpResponse<String> r = tls.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port + path)).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode(), path + ": " + r.body());
                assertEquals(HttpClient.Version.HTTP_2, r.version(), path + " over h2 (ALPN)");
                assertEquals("from-spring", r.headers().firstValue("Server").orElse(null));
            }
        }
        assertTrue(output.toString().contains("enableHttps=true from Spring's server.ssl"), output.toString());
        assertTrue(output.toString().contains("enableHttp2=true from Spring's server.http2.enabled"));
    }

    @Test
    void serverYmlWinsOverSpringWhereBothAreSetAndTheStartupLineSaysSo(CapturedOutput output) throws Exception {
        String dirs = Apps.dir("lumen-boot4") + File.pathSeparator + Apps.dir("lumen-it");
        try (ConfigurableApplicationContext app = Apps.start(dirs, "server.server-header=from-spring")) {
            HttpResponse<String> r = Http.get(Apps.uri(app, "/lumen/hello"));
            assertEquals(200, r.statusCode());
            assertEquals("from-server-yml", r.headers().firstValue("Server").orElse(null));
            assertEquals("from-server-yml", Http.get(Apps.uri(app, "/spring/hello")).headers().firstValue("Server").orElse(null));
        }
        assertTrue(output.toString().contains("serverString=from-server-yml from ")
                && output.toString().contains("(Spring's server.server-header ignored)"), output.toString());
    }

    @Test
    void bootsErrorJsonCarriesTheExceptionsOwnMessageAsOnTomcat() throws Exception {
        try (ConfigurableApplicationContext app = Apps.start(Apps.dir("lumen-it"), "spring.web.error.include-message=always")) {
            HttpResponse<String> r = Http.get(Apps.uri(app, "/spring/boom"), "Accept", "application/json");
            assertEquals(500, r.statusCode(), r.body());
            assertEquals("boom from the controller", StarterTest.JSON.readTree(r.body()).get("message").asText(), r.body());
        }
    }
}
