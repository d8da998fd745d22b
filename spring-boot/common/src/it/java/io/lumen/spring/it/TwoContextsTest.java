package io.lumen.spring.it;

import io.lumen.spring.embed.LumenEmbedding;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Two applications in one JVM (as Spring's test context cache keeps them) each run their own Lumen. */
class TwoContextsTest {
    @Test
    void eachContextServesItsOwnRoutesAndSpringHandler() throws Exception {
        try (ConfigurableApplicationContext one = Apps.start(Apps.dir("lumen-it"), "test.greeting=one");
             ConfigurableApplicationContext two = Apps.start(Apps.dir("lumen-other"), "test.greeting=two")) {
            assertEquals("hello from lumen", Http.get(Apps.uri(one, "/lumen/hello")).body());
            assertEquals("hello from the other lumen", Http.get(Apps.uri(two, "/lumen/hello")).body());
            assertEquals("one, bean", Http.get(Apps.uri(one, "/lumen/greeting")).body());
            // the second app's handler.yml does not route /mw/spring: its own Spring answers, not the first's
            Http.get(Apps.uri(one, "/mw/spring"));
            Http.get(Apps.uri(two, "/mw/spring"));
            assertEquals(1, one.getBean(SpringCalls.class).count("/mw/spring"));
            assertEquals(1, two.getBean(SpringCalls.class).count("/mw/spring"));
            // the second app's defaultHandlers run middleware in front of every unmatched request
            var viaDefaults = Http.get(Apps.uri(two, "/spring/lumen-request"));
            assertEquals("{\"routed\":true}", viaDefaults.body());
            assertTrue(viaDefaults.headers().firstValue("X-Correlation-Id").isPresent());
            assertEquals("defaultHandlers", two.getBean(LumenEmbedding.class).unmatched());
            assertEquals("spring", one.getBean(LumenEmbedding.class).unmatched());
            one.close();
            assertEquals("hello from the other lumen", Http.get(Apps.uri(two, "/lumen/hello")).body(),
                    "closing one leaves the other serving");
        }
    }
}
