package io.lumen.handler.header;

import io.lumen.config.ConfigException;
import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HeaderHandlerTest {
    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = TestService.in(dir)
                .file("header.yml", """
                        request:
                          remove: [X-Drop]
                          update: {X-Global: g, X-Over: global}
                        response:
                          remove: [X-Secret]
                          update: {X-Frame-Options: DENY, X-Handler-Set: config}
                        pathPrefixHeader:
                          /v1:
                            request: {update: {X-Over: v1}}
                          /v1/pets:
                            request: {update: {X-Over: pets}, remove: [X-Global]}
                            response: {update: {X-Pets: 'yes'}}
                        """)
                .file("handler.yml", """
                        handlers: [io.lumen.handler.header.EchoHeaders@echo]
                        paths:
                          - {path: /other, method: GET, exec: [header, echo]}
                          - {path: /v1/things, method: GET, exec: [header, echo]}
                          - {path: '/v1/pets/{id}', method: GET, exec: [header, echo]}
                          - {path: /v1/petstore, method: GET, exec: [header, echo]}
                        """)
                .start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static HttpResponse<String> get(String path) {
        return service.send(service.request(path).header("X-Drop", "sent").header("X-Over", "client").GET().build());
    }

    @Test
    void globalRequestRulesRemoveAndReplaceHeadersSeenByTheHandler() {
        assertEquals("drop=null global=g over=global", get("/other").body());
    }

    @Test
    void aMatchingPrefixAppliesAfterTheGlobalRules() {
        assertEquals("drop=null global=g over=v1", get("/v1/things").body());
    }

    @Test
    void theLongestMatchingPrefixAppliesLast() {
        assertEquals("drop=null global=null over=pets", get("/v1/pets/7").body());
    }

    @Test
    void prefixesMatchWholeSegmentsOnly() {
        HttpResponse<String> r = get("/v1/petstore");
        assertEquals("drop=null global=g over=v1", r.body());
        assertEquals(Optional.empty(), r.headers().firstValue("X-Pets"));
    }

    @Test
    void responseUpdatesAreAddedAndReplaceWhatTheHandlerSet() {
        HttpResponse<String> r = get("/other");
        assertEquals("DENY", r.headers().firstValue("X-Frame-Options").orElseThrow());
        assertEquals("config", r.headers().firstValue("X-Handler-Set").orElseThrow());
        assertEquals(1, r.headers().allValues("X-Handler-Set").size());
    }

    @Test
    void responseRemovalsDropHeadersTheHandlerSet() {
        assertEquals(Optional.empty(), get("/other").headers().firstValue("X-Secret"));
    }

    @Test
    void prefixResponseRulesAddToTheGlobalOnes() {
        HttpResponse<String> r = get("/v1/pets/1");
        assertEquals("yes", r.headers().firstValue("X-Pets").orElseThrow());
        assertEquals("DENY", r.headers().firstValue("X-Frame-Options").orElseThrow());
    }

    @Test
    void aPrefixWithoutLeadingSlashIsAConfigErrorNamingTheFile(@TempDir Path other) {
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(other)
                .file("header.yml", "pathPrefixHeader:\n  v1: {request: {remove: [A]}}\n")
                .file("handler.yml", "handlers: [io.lumen.handler.header.EchoHeaders@echo]\n"
                        + "paths:\n  - {path: /x, method: GET, exec: [header, echo]}\n")
                .start());
        assertTrue(e.getMessage().contains("header.yml:") && e.getMessage().contains("starts with '/'"), e.getMessage());
    }
}
