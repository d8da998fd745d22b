package io.lumen.testkit;

import io.lumen.service.LumenService;
import io.lumen.testkit.core.TestHttp;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@LumenTest(config = "src/test/resources/svc", values = "server.serviceId=annotated")
class LumenTestAnnotationTest {
    @Test
    void startsTheServiceOnAFreePortAndInjectsItsUri(URI base, LumenService service) throws Exception {
        assertNotEquals(8080, base.getPort());
        assertEquals(service.httpPort(), base.getPort());
        assertTrue(service.context().readiness().isReady());
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(base.resolve("/hello")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals("hello from annotated", r.body());
    }

    @Test
    void injectsAClientBoundToTheService(TestHttp http, URI base) {
        assertEquals(base, http.base());
        assertEquals("hello from annotated", http.get("/hello").body());
    }
}
