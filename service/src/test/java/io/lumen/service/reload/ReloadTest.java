package io.lumen.service.reload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.config.ConfigException;
import io.lumen.handler.metrics.Registries;
import io.lumen.handler.testing.TestService;
import io.lumen.server.Readiness;
import io.lumen.server.ServiceContext;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** POST /adm/reload against a real server: good reloads, refused ones, in-flight requests, admin protection. */
class ReloadTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String HANDLERS = """
            handlers:
              - io.lumen.service.reload.Greeting@greeting
              - io.lumen.service.reload.Held@held
            """;
    static final String ADMIN_ROUTES = """
              - {path: /health/readiness, method: GET, exec: [readiness]}
              - {path: /adm/reload, method: POST, exec: [exception, reload]}
            """;
    static final String HANDLER_V1 = HANDLERS + """
            paths:
              - {path: /greeting, method: GET, exec: [header, greeting]}
              - {path: /old, method: GET, exec: [greeting]}
              - {path: /held, method: GET, exec: [held]}
            """ + ADMIN_ROUTES;
    static final String HANDLER_V2 = HANDLERS + """
            paths:
              - {path: /greeting, method: GET, exec: [header, greeting]}
              - {path: /new, method: GET, exec: [greeting]}
              - {path: /held, method: GET, exec: [held]}
            """ + ADMIN_ROUTES;

    @TempDir
    Path dir;
    TestService svc;

    @BeforeEach
    void clear() {
        Tracked.ALL.clear();
    }

    @AfterEach
    void stop() {
        if (svc != null) {
            svc.close();
        }
    }

    private TestService start() {
        svc = TestService.in(dir)
                .file("handler.yml", HANDLER_V1)
                .file("greeting.yml", "message: one\n")
                .file("header.yml", "response: {update: {X-Version: one}}\n")
                .start();
        return svc;
    }

    HttpResponse<String> reload() {
        return svc.send(svc.request("/adm/reload").POST(HttpRequest.BodyPublishers.noBody()).build());
    }

    static JsonNode json(HttpResponse<String> r) throws Exception {
        return JSON.readTree(r.body());
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void aGoodReloadAddsAndRemovesRoutesAndChangesMiddlewareSettings() throws Exception {
        start();
        assertEquals("one", svc.get("/old").body());
        assertEquals("one", svc.get("/greeting").headers().firstValue("X-Version").orElseThrow());
        Tracked first = Tracked.ALL.get(0);

        svc.file("handler.yml", HANDLER_V2).file("greeting.yml", "message: two\n")
                .file("header.yml", "response: {update: {X-Version: two}}\n");
        HttpResponse<String> r = reload();

        assertEquals(200, r.statusCode(), r.body());
        assertEquals("application/json", r.headers().firstValue("Content-Type").orElseThrow());
        JsonNode report = json(r);
        assertEquals(2, report.get("generation").asLong());
        assertEquals(1, report.get("previous").asLong());
        assertEquals(List.of("GET /new"), texts(report.at("/routes/added")));
        assertEquals(List.of("GET /old"), texts(report.at("/routes/removed")));
        List<String> changed = texts(report.at("/files/changed"));
        assertEquals(3, changed.size(), changed.toString());
        assertTrue(changed.stream().anyMatch(f -> f.endsWith("handler.yml")), changed.toString());
        assertTrue(changed.stream().anyMatch(f -> f.endsWith("header.yml")), changed.toString());
        assertTrue(texts(report.at("/files/read")).stream().anyMatch(f -> f.endsWith("greeting.yml")));

        assertEquals(404, svc.get("/old").statusCode());
        assertEquals("two", svc.get("/new").body());
        HttpResponse<String> greeting = svc.get("/greeting");
        assertEquals("two", greeting.body());
        assertEquals("two", greeting.headers().firstValue("X-Version").orElseThrow());
        assertEquals(2, svc.service().generation());
        Await.until(first::isClosed, Duration.ofSeconds(20), "the first generation's shared object closed once it was idle");
        assertFalse(Tracked.ALL.get(1).isClosed());
    }

    @Test
    void aReloadWithNothingChangedStillBuildsANewGeneration() throws Exception {
        start();
        HttpResponse<String> r = reload();
        assertEquals(200, r.statusCode(), r.body());
        JsonNode report = json(r);
        assertEquals(2, report.get("generation").asLong());
        assertEquals(0, report.at("/routes/added").size());
        assertEquals(0, report.at("/routes/removed").size());
        assertEquals(0, report.at("/files/changed").size());
        assertEquals("one", svc.get("/greeting").body());
    }

    @Test
    void anUnknownHandlerIsRefusedWithFileAndLineAndTheOldGenerationKeepsServing() throws Exception {
        start();
        svc.file("handler.yml", HANDLERS + """
                paths:
                  - {path: /greeting, method: GET, exec: [greeting]}
                  - {path: /broken, method: GET, exec: [noSuchHandler]}
                """ + ADMIN_ROUTES);
        HttpResponse<String> r = reload();

        assertEquals(422, r.statusCode(), r.body());
        JsonNode error = json(r);
        assertEquals("ERR19010", error.get("code").asText());
        assertEquals("CONFIG_RELOAD_INVALID", error.get("message").asText());
        String description = error.get("description").asText();
        assertTrue(description.contains("generation 1 keeps serving"), description);
        assertTrue(description.contains("handler.yml:6: paths[1].exec[0]: unknown handler or chain 'noSuchHandler'"),
                description);
        assertTrue(error.get("file").asText().endsWith("handler.yml"));
        assertEquals(6, error.get("line").asInt());
        assertEquals(1, error.get("generation").asLong());
        assertFalse(r.body().contains("Exception"), r.body());

        assertEquals("one", svc.get("/old").body()); // the old routes, untouched
        assertEquals(1, svc.service().generation());
        // the half-built generation's shared object (its greeting handler was created) is closed, the old one is not
        assertEquals(2, Tracked.ALL.size(), Tracked.ALL.toString());
        assertFalse(Tracked.ALL.get(0).isClosed());
        assertTrue(Tracked.ALL.get(1).isClosed());
    }

    @Test
    void aYamlErrorInValuesIsRefusedWithItsLine() throws Exception {
        start();
        svc.file("values.yml", "greeting.message: two\nbroken: [unclosed\n");
        HttpResponse<String> r = reload();
        assertEquals(422, r.statusCode(), r.body());
        JsonNode error = json(r);
        assertTrue(error.get("file").asText().endsWith("values.yml"), r.body());
        assertTrue(error.get("line").asInt() >= 2, r.body());
        assertEquals("one", svc.get("/greeting").body());
    }

    @Test
    void aChangedPlaceholderValueIsPickedUp() throws Exception {
        start();
        svc.file("greeting.yml", "message: ${greeting.message:one}\n").file("values.yml", "greeting.message: three\n");
        HttpResponse<String> r = reload();
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(texts(json(r).at("/files/added")).stream().anyMatch(f -> f.endsWith("values.yml")), r.body());
        assertEquals("three", svc.get("/greeting").body());
    }

    @Test
    void aFailingStartupHookIsRefusedAndWhatItOpenedIsClosed() throws Exception {
        start();
        svc.file("failhook.yml", "fail: true\n");
        HttpResponse<String> r = reload();
        assertEquals(500, r.statusCode(), r.body());
        JsonNode error = json(r);
        assertEquals("ERR19013", error.get("code").asText());
        assertTrue(error.get("description").asText().endsWith("keeps serving): the test hook could not reach its database"),
                r.body());
        assertEquals("one", svc.get("/greeting").body());
        Tracked fromHook = Tracked.ALL.stream().filter(t -> t.label.equals("from the failing hook")).findFirst().orElseThrow();
        assertTrue(fromHook.isClosed());
        assertFalse(Tracked.ALL.get(0).isClosed());
    }

    @Test
    void aChangedServerYmlIsRefusedNamingTheKeysAndNotTheirValues() throws Exception {
        svc = TestService.in(dir).file("handler.yml", HANDLER_V1).file("greeting.yml", "message: one\n")
                .file("server.yml", "serviceId: reload-a\nkeystorePass: secret-one\n").start();
        svc.file("server.yml", "serviceId: reload-b\nkeystorePass: secret-two\n");
        HttpResponse<String> r = reload();
        assertEquals(409, r.statusCode(), r.body());
        JsonNode error = json(r);
        assertEquals("ERR19011", error.get("code").asText());
        assertTrue(error.get("description").asText().contains("server.yml: keystorePass, keyPass, serviceId changed"), r.body());
        assertFalse(r.body().contains("secret"), r.body());
        assertEquals("reload-a", svc.service().context().server().serviceId());
    }

    @Test
    void aRunningRequestFinishesOnTheOldGenerationWhoseObjectsCloseOnlyAfterIt() throws Exception {
        start();
        ServiceContext first = svc.service().context();
        Held.Gate gate = first.shared(Held.Gate.class, Held.Gate::new);
        Tracked firstResource = first.shared(Tracked.class, () -> null);
        CompletableFuture<HttpResponse<String>> held = TestService.HTTP.sendAsync(svc.request("/held").build(),
                HttpResponse.BodyHandlers.ofString());
        assertTrue(gate.entered.await(10, TimeUnit.SECONDS));

        svc.file("greeting.yml", "message: two\n");
        assertEquals(200, reload().statusCode());
        assertEquals("two", svc.get("/greeting").body()); // new requests: the new generation
        Held.Gate second = svc.service().context().shared(Held.Gate.class, Held.Gate::new);
        second.open.complete(null);
        assertEquals("held two", svc.get("/held").body());
        assertFalse(held.isDone());
        assertFalse(firstResource.isClosed(), "closed while a request still ran on its generation");

        gate.open.complete(null);
        assertEquals("held one", held.get(10, TimeUnit.SECONDS).body()); // finished where it started
        Await.until(firstResource::isClosed, Duration.ofSeconds(20), "the old generation closes once its last request finished");
    }

    @Test
    void readinessStaysReadyAndTheMeterRegistryIsKept() throws Exception {
        svc = TestService.in(dir).file("handler.yml", HANDLERS + """
                paths:
                  - {path: /greeting, method: GET, exec: [metrics, greeting]}
                  - {path: /prometheus, method: GET, exec: [prometheus]}
                """ + ADMIN_ROUTES).file("greeting.yml", "message: one\n").start();
        var registry = Registries.of(svc.service().context());
        for (int i = 0; i < 3; i++) {
            assertEquals(200, svc.get("/greeting").statusCode());
        }
        assertEquals(200, reload().statusCode());
        assertEquals(Readiness.State.READY, svc.service().state());
        assertEquals(200, svc.get("/health/readiness").statusCode());
        assertTrue(registry == Registries.of(svc.service().context()), "the same registry");
        for (int i = 0; i < 2; i++) {
            assertEquals(200, svc.get("/greeting").statusCode());
        }
        String scrape = svc.get("/prometheus").body();
        assertTrue(scrape.lines().anyMatch(l -> l.startsWith("lumen_requests_seconds_count{") && l.contains("/greeting")
                && l.endsWith(" 5")), scrape);
        assertTrue(scrape.contains("jvm_memory_used_bytes"), "JVM meters bound once, still there");
    }

    @Test
    void concurrentReloadsRunOneAtATime() throws Exception {
        start();
        List<CompletableFuture<HttpResponse<String>>> all = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            all.add(TestService.HTTP.sendAsync(svc.request("/adm/reload").POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        Set<Long> generations = new TreeSet<>();
        for (CompletableFuture<HttpResponse<String>> f : all) {
            HttpResponse<String> r = f.get(30, TimeUnit.SECONDS);
            assertEquals(200, r.statusCode(), r.body());
            JsonNode report = json(r);
            // one at a time: each reload replaced the one before it (requests that waited together share one)
            assertEquals(report.get("generation").asLong() - 1, report.get("previous").asLong());
            generations.add(report.get("generation").asLong());
        }
        long last = svc.service().generation();
        assertEquals(last - 1, generations.size(), generations.toString());
        assertEquals(LongStream.rangeClosed(2, last).boxed().toList(), List.copyOf(generations));
    }

    @Test
    void onlyAllowedAddressesMayReloadAndOnlyWithPost() throws Exception {
        svc = TestService.in(dir).file("handler.yml", HANDLER_V1).file("greeting.yml", "message: one\n")
                .file("reload.yml", "allowedFrom: [10.0.0.0/8]\n").start();
        HttpResponse<String> r = reload();
        assertEquals(403, r.statusCode());
        assertEquals("ERR19008", json(r).get("code").asText());
        assertEquals(1, svc.service().generation());

        svc.file("handler.yml", HANDLER_V1.replace("method: POST, exec: [exception, reload]", "method: POST, exec: [reload]")
                + "  - {path: /adm/reload, method: GET, exec: [reload]}\n");
        svc.file("reload.yml", "allowedFrom: [127.0.0.1]\n");
        assertEquals(200, svc.service().reload().generation() == 2 ? 200 : 0);
        HttpResponse<String> get = svc.get("/adm/reload");
        assertEquals(405, get.statusCode());
        assertEquals("POST", get.headers().firstValue("Allow").orElseThrow());
        assertEquals(200, reload().statusCode());

        svc.file("reload.yml", "enabled: false\n");
        svc.service().reload();
        assertEquals(404, reload().statusCode());
    }

    @Test
    void aBadAllowedFromStopsStartupWithItsLine() {
        TestService broken = TestService.in(dir).file("handler.yml", HANDLER_V1).file("greeting.yml", "message: one\n")
                .file("reload.yml", "enabled: true\nallowedFrom: [localhost]\n");
        ConfigException e = Assertions.assertThrows(
                ConfigException.class, broken::start);
        assertTrue(e.getMessage().contains("reload.yml:2: allowedFrom[0]: 'localhost' is not an address range"), e.getMessage());
        assertTrue(e.getMessage().contains("'localhost' is not an address range"), e.getMessage());
    }

    @Test
    void aStoppedServiceRefusesReloadsAndClosesEveryGeneration() {
        start();
        svc.service().reload();
        svc.close();
        Await.until(() -> Tracked.ALL.stream().allMatch(Tracked::isClosed), Duration.ofSeconds(20), "every generation closed");
        ReloadRefused refused = Assertions.assertThrows(ReloadRefused.class, () -> svc.service().reload());
        assertEquals(ReloadRefused.UNAVAILABLE, refused.code());
        svc = null;
    }
}
