package io.lumen.rest;

import io.lumen.testkit.TestService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Adapters over real HTTP behind specification, body and validator: binding, status-to-media-type, errors. */
class OperationHandlerTest {
    @TempDir
    static Path dir;
    private static TestService service;

    @BeforeAll
    static void start() {
        service = TestService.in(dir)
                .file("openapi.yaml", """
                        openapi: 3.0.3
                        info: {title: t, version: '1'}
                        paths:
                          /items:
                            post:
                              parameters:
                                - {name: status, in: query, schema: {type: integer, format: int32}}
                                - {name: big, in: query, schema: {type: integer}}
                              requestBody:
                                required: true
                                content:
                                  application/json:
                                    schema: &item {type: object, required: [name], properties: {name: {type: string}, size: {type: integer}}}
                                  application/x-www-form-urlencoded:
                                    schema: *item
                                  application/xml:
                                    schema: *item
                              responses:
                                '200': {description: ok}
                          /page:
                            get:
                              responses:
                                '200': {description: ok}
                          /unvalidated:
                            get:
                              responses:
                                '200': {description: ok}
                        """)
                .file("handler.yml", """
                        handlers:
                          - io.lumen.rest.EchoHandlers$Echo@echo
                          - io.lumen.rest.EchoHandlers$Page@page
                        chains: {api: [exception, specification, body, validator]}
                        paths:
                          - {path: /items, method: POST, exec: [api, echo]}
                          - {path: /page, method: GET, exec: [api, page]}
                          - {path: /unvalidated, method: GET, exec: [exception, page]}
                        """)
                .start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static HttpResponse<String> post(String query, String body) {
        return post(query, "application/json", body);
    }

    private static HttpResponse<String> post(String query, String contentType, String body) {
        return service.send(service.request("/items" + query).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    @Test
    void bindsTheValidatedBodyAndWritesTheDocumentedMediaTypePerStatus() {
        HttpResponse<String> ok = post("", "{\"name\":\"box\",\"size\":3,\"extra\":true}");
        assertEquals(200, ok.statusCode());
        assertEquals("{\"name\":\"box\",\"size\":3}", ok.body());
        assertEquals("application/json", ok.headers().firstValue("Content-Type").orElseThrow());
        HttpResponse<String> range = post("?status=201", "{\"name\":\"box\"}");
        assertEquals(201, range.statusCode());
        assertEquals("created box", range.body());
        assertEquals("text/plain", range.headers().firstValue("Content-Type").orElseThrow());
        HttpResponse<String> none = post("?status=204", "{\"name\":\"box\"}");
        assertEquals(204, none.statusCode());
        assertEquals("", none.body());
        HttpResponse<String> other = post("?status=422", "{\"name\":\"box\"}");
        assertEquals(422, other.statusCode());
        assertEquals("application/problem+json", other.headers().firstValue("Content-Type").orElseThrow());
        assertEquals("{\"problem\":\"box\"}", other.body());
    }

    @Test
    void aFormBodyIsBoundLikeJsonAndABodyTheAdapterCannotReadIs415NotANullBody() {
        HttpResponse<String> form = post("", "application/x-www-form-urlencoded", "name=box&size=3");
        assertEquals(200, form.statusCode(), form.body());
        assertEquals("{\"name\":\"box\",\"size\":3}", form.body());
        // declared by the spec, so the validator lets it through unread; the adapter binds JSON trees only
        HttpResponse<String> xml = post("", "application/xml", "<item><name>box</name></item>");
        assertEquals(415, xml.statusCode(), xml.body());
        assertTrue(xml.body().contains("\"code\":\"ERR19001\""), xml.body());
        assertTrue(xml.body().contains("application/xml") && xml.body().contains("application/json"), xml.body());
        assertEquals("application/json", xml.headers().firstValue("Content-Type").orElseThrow());
    }

    @Test
    void aValueTheJavaTypeCannotHoldIs400AndAMissingValidatorIs500() {
        HttpResponse<String> big = post("?big=123456789012345678901234567890", "{\"name\":\"box\"}");
        assertEquals(400, big.statusCode(), big.body());
        assertTrue(big.body().contains("\"code\":\"ERR11010\"") && big.body().contains("query.big"), big.body());
        HttpResponse<String> size = post("", "{\"name\":\"box\",\"size\":123456789012345678901234567890}");
        assertEquals(400, size.statusCode(), size.body());
        assertTrue(size.body().contains("ERR11010"), size.body());
        HttpResponse<String> unvalidated = service.get("/unvalidated");
        assertEquals(500, unvalidated.statusCode());
        assertTrue(unvalidated.body().contains("ERR10010"), unvalidated.body());
    }

    @Test
    void aBlockingImplementationRunsOffTheIoThreadAndPreEncodedBodiesAreSentAsTheyAre() {
        HttpResponse<String> page = service.get("/page");
        assertEquals(200, page.statusCode(), page.body());
        assertEquals("{\"name\":\"cached\",\"size\":1}", page.body());
    }
}
