package io.lumen.handler.chain;

import io.lumen.handler.testing.TestService;
import io.lumen.testkit.raw.RawHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The router and chain engine through real HTTP on a free port. */
class RoutingOverHttpTest {
    @TempDir
    static Path dir;
    static TestService svc;

    @BeforeAll
    static void start() {
        svc = TestService.in(dir).file("handler.yml", """
                handlers:
                  - io.lumen.handler.testing.EchoHandler@echo
                  - io.lumen.handler.testing.TagMiddleware@first
                  - io.lumen.handler.testing.TagMiddleware$Second@second
                  - io.lumen.handler.testing.TagMiddleware$Disabled@disabled
                  - io.lumen.handler.testing.BlockingHandler@blocking
                  - io.lumen.handler.testing.ThrowingHandler@throws
                  - io.lumen.handler.testing.BlockingHandler$NotBlocking@notBlocking
                chains:
                  default: [first, disabled, second]
                paths:
                  - {path: '/pets/{id}', method: get, exec: [default, echo]}
                  - {path: '/pets/mine', method: GET, exec: [echo]}
                  - {path: '/pets/{id}', method: DELETE, exec: [second, echo]}
                  - {path: '/files/*', method: GET, exec: [echo]}
                  - {path: '/block', method: GET, exec: [default, blocking]}
                  - {path: '/throw', method: GET, exec: [throws]}
                  - {path: '/noblock', method: GET, exec: [default, notBlocking]}
                """).start();
    }

    @AfterAll
    static void stop() {
        svc.close();
    }

    @Test
    void literalRouteBeatsTemplateAndTemplateCapturesParameters() {
        assertEquals("GET /pets/mine {}", svc.get("/pets/mine").body());
        assertEquals("GET /pets/42 {id=42}", svc.get("/pets/42").body());
    }

    @Test
    void pathParametersAreUrlDecoded() {
        assertEquals("GET /pets/a b {id=a b}", svc.get("/pets/a%20b").body());
    }

    @Test
    void wildcardCarriesTheRestOfThePath() {
        assertEquals("GET /files/a/b.txt {*=a/b.txt}", svc.get("/files/a/b.txt").body());
    }

    @Test
    void chainRunsInDeclaredOrderWithDisabledMiddlewareDropped() {
        HttpResponse<String> r = svc.get("/pets/7");
        assertEquals("TagMiddleware,Second", r.headers().firstValue("X-Links").orElseThrow());
    }

    @Test
    void unknownPathAnswers404ErrorJson() {
        HttpResponse<String> r = svc.get("/owners/1");
        assertEquals(404, r.statusCode());
        assertEquals("application/json", r.headers().firstValue("Content-Type").orElseThrow());
        assertEquals("{\"statusCode\":404,\"code\":\"ERR10048\",\"message\":\"PATH_NOT_IMPLEMENTED\","
                + "\"description\":\"No handler defined for path '/owners/1' and method GET\",\"severity\":\"ERROR\"}", r.body());
    }

    @Test
    void knownPathUnderAnotherMethodAnswers405WithAllow() {
        HttpResponse<String> r = svc.send(svc.request("/pets/7").PUT(HttpRequest.BodyPublishers.ofString("x")).build());
        assertEquals(405, r.statusCode());
        assertEquals("DELETE, GET, HEAD, OPTIONS", r.headers().firstValue("Allow").orElseThrow());
        assertTrue(r.body().contains("\"code\":\"ERR10008\""), r.body());
    }

    @Test
    void optionsOnARoutedPathIsAnsweredWithTheResourcesMethods() {
        HttpResponse<String> r = svc.send(svc.request("/pets/7").method("OPTIONS", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(204, r.statusCode(), r.body());
        assertEquals("DELETE, GET, HEAD, OPTIONS", r.headers().firstValue("Allow").orElseThrow());
        assertEquals("", r.body());
        HttpResponse<String> literal = svc.send(svc.request("/pets/mine").method("OPTIONS", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(204, literal.statusCode());
        assertEquals("DELETE, GET, HEAD, OPTIONS", literal.headers().firstValue("Allow").orElseThrow(),
                "/pets/mine answers GET itself and DELETE through /pets/{id}");
        HttpResponse<String> unknown = svc.send(svc.request("/owners/1").method("OPTIONS", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(404, unknown.statusCode());
    }

    @Test
    void methodsAreCaseSensitive() throws IOException {
        try (RawHttp c = new RawHttp(svc.service().httpPort())) {
            c.send("delete /pets/7 HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttp.Response r = c.read();
            assertEquals(405, r.status(), "'delete' is not DELETE (RFC 9110 9.1): " + r.bodyText());
            assertEquals("DELETE, GET, HEAD, OPTIONS", r.header("Allow"));
            c.send("get /pets/mine HTTP/1.1\r\nHost: x\r\n\r\n");
            assertEquals(405, c.read().status());
            c.send("head /pets/7 HTTP/1.1\r\nHost: x\r\n\r\n");
            assertEquals(405, c.read(true).status(), "'head' does not fall back to GET");
            c.send("DELETE /pets/7 HTTP/1.1\r\nHost: x\r\n\r\n");
            assertEquals("DELETE /pets/7 {id=7}", c.read().bodyText());
        }
    }

    @Test
    void headIsServedByTheGetRouteWithoutABody() {
        HttpResponse<String> r = svc.send(svc.request("/pets/7").method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(200, r.statusCode());
        assertEquals("", r.body());
        assertEquals(String.valueOf("HEAD /pets/7 {id=7}".length()), r.headers().firstValue("Content-Length").orElseThrow());
    }

    @Test
    void blockingHandlerRunsOffTheIoThreadOnce() {
        HttpResponse<String> r = svc.get("/block");
        assertEquals(200, r.statusCode());
        assertTrue(r.body().startsWith("io=false"), r.body());
        boolean hasVirtualThreads = Runtime.version().feature() >= 21;
        assertEquals(hasVirtualThreads, r.body().endsWith("virtual=true"), r.body());
    }

    @Test
    void aBlockingHandlerThatSaysItDoesNotBlockStaysOnTheIoThread() {
        HttpResponse<String> r = svc.get("/noblock");
        assertEquals(200, r.statusCode());
        assertEquals("io=true", r.body());
    }

    @Test
    void exceptionAfterDispatchBecomesErrorJsonWithoutInternals() {
        HttpResponse<String> r = svc.get("/block?fail");
        assertEquals(500, r.statusCode());
        assertTrue(r.body().contains("\"code\":\"ERR10010\""), r.body());
        assertFalse(r.body().contains("secret"), r.body());
        assertEquals(200, svc.get("/pets/1").statusCode());
    }

    @Test
    void lastResortGuardTurnsEscapedExceptionsIntoErrorJson() {
        HttpResponse<String> r = svc.get("/throw");
        assertEquals(500, r.statusCode());
        assertTrue(r.body().contains("\"code\":\"ERR10010\""), r.body());
        assertFalse(r.body().contains("secret") || r.body().contains("at io."), r.body());
        HttpResponse<String> coded = svc.get("/throw?code=ERR10015");
        assertEquals(400, coded.statusCode());
        assertTrue(coded.body().contains("\"code\":\"ERR10015\""), coded.body());
        assertEquals(200, svc.get("/pets/1").statusCode());
    }
}
