package io.lumen.spring.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Routing through Lumen's chains in a real Spring Boot application on Undertow, over real HTTP. */
class StarterTest extends AppTestBase {
    @Autowired
    UserWrapperCustomizer userCustomizer;

    @Test
    void terminalLumenRouteIsAnsweredOnTheIoThreadAndNeverReachesSpring() throws Exception {
        HttpResponse<String> r = Http.get(uri("/lumen/hello"));
        assertEquals(200, r.statusCode());
        assertEquals("hello from lumen", r.body());
        assertTrue(r.headers().firstValue("X-Thread").orElse("").contains("I/O"), r.headers().toString());
        assertTrue(r.headers().firstValue("X-Correlation-Id").isPresent(), "the chain's correlation middleware ran");
        assertEquals(0, springCalls.count("/lumen/hello"), "no servlet filter saw the request");
    }

    @Test
    void handlersAreBeansWithInjectedDependenciesOrCreatedBySpring() throws Exception {
        assertEquals("hi, bean", Http.get(uri("/lumen/greeting")).body());
        assertEquals("hi, autowired from lumen-it-app", Http.get(uri("/lumen/autowired")).body(),
                "Spring injected the service and Lumen's ServiceContext (serviceId from spring.application.name)");
    }

    @Test
    void chainEndingInSpringRunsTheMiddlewareThenTheController() throws Exception {
        HttpResponse<String> r = Http.get(uri("/mw/spring"), "X-Correlation-Id", "corr-123");
        assertEquals(200, r.statusCode(), r.body());
        JsonNode body = JSON.readTree(r.body());
        assertTrue(body.get("routed").asBoolean());
        assertEquals("corr-123", body.get("correlationId").asText());
        assertEquals("[\"exception\",\"correlation\",\"spring\"]", body.get("chain").toString());
        assertEquals("corr-123", r.headers().firstValue("X-Correlation-Id").orElse(null));
        assertEquals(1, springCalls.count("/mw/spring"));
    }

    @Test
    void blockingMiddlewareBeforeSpringMovesTheRequestOffTheIoThreadOnce() throws Exception {
        HttpResponse<String> r = Http.get(uri("/mw/blocking"));
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("X-Stamp").orElse("").endsWith(" off-io"), r.headers().toString());
        assertTrue(r.body().startsWith("controller on "), r.body());
        assertEquals(1, springCalls.count("/mw/blocking"));
    }

    @Test
    void controllerReadsVerifiedClaimsValidatedParametersAndRouteWithoutUndertow() throws Exception {
        String token = DevKey.token("read:pets", "client-42");
        HttpResponse<String> r = Http.get(uri("/v1/pets/7"), "Authorization", "Bearer " + token,
                "X-Correlation-Id", "c-7");
        assertEquals(200, r.statusCode(), r.body());
        JsonNode b = JSON.readTree(r.body());
        assertEquals(7, b.get("petId").asLong());
        assertEquals("client-42", b.get("clientId").asText());
        assertEquals("client-42", b.get("attrClientId").asText());
        assertEquals("user-7", b.get("userId").asText());
        assertEquals("c-7", b.get("correlationId").asText());
        assertEquals("c-7", b.get("attrCorrelationId").asText());
        assertEquals("read:pets", b.get("scope").asText());
        assertEquals("GET /v1/pets/{petId}", b.get("route").asText());
        assertEquals("/v1/pets/{petId}@get", b.get("endpoint").asText());
        assertEquals("7", b.get("pathParams").get("petId").asText());
        assertEquals(7, b.get("validatedPetId").asLong());
        assertFalse(b.get("thread").asText().contains("I/O"), "Spring MVC runs on a worker thread");
    }

    @Test
    void missingTokenIs401ErrorJsonAndNeverReachesTheController() throws Exception {
        int before = springCalls.count("/v1/pets/8");
        HttpResponse<String> r = Http.get(uri("/v1/pets/8"));
        assertEquals(401, r.statusCode());
        assertEquals("application/json", r.headers().firstValue("Content-Type").orElse(""));
        JsonNode b = JSON.readTree(r.body());
        assertEquals("ERR10002", b.get("code").asText());
        assertEquals(401, b.get("statusCode").asInt());
        assertEquals(before, springCalls.count("/v1/pets/8"));
    }

    @Test
    void wrongScopeIs403AndInvalidParameterIs400WithTheErrorList() throws Exception {
        HttpResponse<String> forbidden = Http.get(uri("/v1/pets/9"), "Authorization", "Bearer " + DevKey.token("write:pets", "c"));
        assertEquals(403, forbidden.statusCode());
        assertEquals("ERR10005", JSON.readTree(forbidden.body()).get("code").asText());

        HttpResponse<String> invalid = Http.get(uri("/v1/pets/abc"), "Authorization", "Bearer " + DevKey.token("read:pets", "c"));
        assertEquals(400, invalid.statusCode(), invalid.body());
        JsonNode b = JSON.readTree(invalid.body());
        assertTrue(b.get("code").asText().startsWith("ERR11"), invalid.body());
        assertTrue(b.get("errors").isArray() && b.get("errors").size() >= 1, invalid.body());
        assertEquals(0, springCalls.count("/v1/pets/9") + springCalls.count("/v1/pets/abc"));
    }

    @Test
    void unmatchedPathsAndMethodsGoStraightToSpring() throws Exception {
        HttpResponse<String> r = Http.get(uri("/spring/hello"));
        assertEquals(200, r.statusCode());
        assertEquals("hello from spring", r.body());
        HttpResponse<String> unrouted = Http.get(uri("/spring/lumen-request"));
        assertEquals("{\"routed\":false}", unrouted.body());
        assertNull(r.headers().firstValue("X-Correlation-Id").orElse(null), "no Lumen middleware ran");
    }

    @Test
    void usersOwnDeploymentCustomizerIsStillApplied() throws Exception {
        assertEquals(1, userCustomizer.applied.get());
        assertEquals("yes", Http.get(uri("/spring/hello")).headers().firstValue("X-User-Wrapper").orElse(null));
    }

    @Test
    void actuatorListsRoutesWithResolvedChainsAndLumenHealthFeedsSpring() throws Exception {
        JsonNode lumen = JSON.readTree(Http.get(uri("/actuator/lumen")).body());
        assertEquals("READY", lumen.get("state").asText());
        assertEquals("spring", lumen.get("unmatched").asText());
        JsonNode pets = null;
        for (JsonNode route : lumen.get("routes")) {
            if (route.get("path").asText().equals("/v1/pets/{petId}")) {
                pets = route;
            }
        }
        assertEquals("[\"exception\",\"metrics\",\"correlation\",\"specification\",\"security\",\"validator\",\"spring\"]",
                pets.get("chain").toString());
        assertTrue(pets.get("origin").asText().contains("handler.yml:"), pets.toString());

        JsonNode health = JSON.readTree(Http.get(uri("/actuator/health")).body());
        assertEquals("UP", health.at("/components/lumen/status").asText(), health.toString());
        assertEquals("READY", health.at("/components/lumen/details/state").asText());
        assertEquals("OK", Http.get(uri("/health/readiness")).body());
    }

    @Test
    void metricsGoToTheApplicationsRegistryAndEachRequestIsCountedOnce() throws Exception {
        HttpResponse<String> echo = Http.post(uri("/echo/body"), HttpRequest.BodyPublishers.ofString("[\"a\"]"), "Content-Type", "application/json");
        assertEquals(200, echo.statusCode(), echo.body());
        Http.get(uri("/spring/hello"));
        // meters are recorded when the exchange completes, which may be just after the client has the response
        String scrape = scrapeUntil(s -> s.contains("endpoint=\"/echo/body@post\"") && s.contains("uri=\"/spring/hello\""));
        assertTrue(scrape.lines().anyMatch(l -> l.startsWith("lumen_requests_seconds_count") && l.contains("endpoint=\"/echo/body@post\"")),
                () -> "Lumen's meter is in the app's registry: " + scrape.substring(0, Math.min(3000, scrape.length())));
        assertFalse(scrape.lines().anyMatch(l -> l.startsWith("http_server_requests_seconds_count") && l.contains("uri=\"/echo/body\"")),
                "Spring did not count the request Lumen counted");
        assertTrue(scrape.lines().anyMatch(l -> l.startsWith("http_server_requests_seconds_count") && l.contains("uri=\"/spring/hello\"")),
                "Spring counts the requests it alone handles");
        assertFalse(scrape.contains("endpoint=\"/spring/hello"), "Lumen did not count them");
    }

    @Test
    void lumensPrometheusHandlerServesTheApplicationsRegistry() throws Exception {
        Http.get(uri("/spring/hello"));
        scrapeUntil(s -> s.contains("uri=\"/spring/hello\""));
        String lumen = Http.get(uri("/lumen/prometheus")).body();
        // Spring's own request meter and Boot's JVM meters: the one registry both endpoints expose
        assertTrue(lumen.contains("uri=\"/spring/hello\"") && lumen.contains("jvm_memory_used_bytes"),
                lumen.substring(0, Math.min(500, lumen.length())));
    }

    /** Scrapes until {@code ready} holds (at most 10 s); returns that scrape, or fails with the last one. */
    private String scrapeUntil(Predicate<String> ready) {
        return Await.until(() -> {
            try {
                return Http.get(uri("/actuator/prometheus")).body();
            } catch (Exception e) {
                throw new AssertionError("scraping /actuator/prometheus failed", e);
            }
        }, ready, Duration.ofSeconds(10), "a scrape of /actuator/prometheus");
    }
}
