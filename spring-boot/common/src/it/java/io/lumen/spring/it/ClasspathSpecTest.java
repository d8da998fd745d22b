package io.lumen.spring.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 25 item 4: a Spring application keeps its spec at the classpath root
 * ({@code src/main/resources/openapi.yml}); with none in Lumen's config dirs that one is used, and the
 * startup log says which file.
 */
@ExtendWith(OutputCaptureExtension.class)
class ClasspathSpecTest {

    @Test
    void aSpecAtTheClasspathRootIsUsedAndTheLogSaysWhichFile(CapturedOutput output) throws Exception {
        try (ConfigurableApplicationContext app = Apps.start(Apps.dir("lumen-cp"))) {
            HttpResponse<String> r = Http.get(Apps.uri(app, "/cp/items/5"));
            assertEquals(200, r.statusCode(), r.body());
            assertEquals("/cp/items/{id}@get", StarterTest.JSON.readTree(r.body()).get("endpoint").asText());
            assertEquals(400, Http.get(Apps.uri(app, "/cp/items/0")).statusCode(), "validated against that spec");
        }
        assertTrue(output.toString().contains("Lumen: OpenAPI spec file:")
                && output.toString().contains("openapi.yaml (none in Lumen's config dirs or classpath config/)"), output.toString());
    }
}
