package io.lumen.testkit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RegisteredExtensionTest {
    @RegisterExtension
    static LumenServiceExtension service = LumenServiceExtension.config("src/test/resources/svc")
            .value("server.serviceId", "registered");

    @Test
    void valuesOverrideTheConfig() throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(service.baseUri().resolve("/hello")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertEquals("hello from registered", r.body());
    }
}
