package io.lumen.handler.chain;

import io.lumen.config.ConfigException;
import io.lumen.handler.light4j.Light4jHandler;
import io.lumen.handler.light4j.Light4jHandlers;
import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** light-4j's handler class names in handler.yml: mapped, dropped, unserved or refused, each problem in one pass. */
class Light4jHandlerNamesTest {
    private static final String ECHO = "io.lumen.handler.testing.EchoHandler";

    @TempDir
    Path dir;

    @Test
    void light4jClassesRunAsBuiltInsAndTheirAdminRoutesAnswer() {
        String yaml = """
                handlers:
                  - com.networknt.exception.ExceptionHandler@exception
                  - com.networknt.traceability.TraceabilityHandler@traceability
                  - com.networknt.correlation.CorrelationHandler@correlation
                  - com.networknt.sanitizer.SanitizerHandler@sanitizer
                  - com.networknt.specification.FaviconHandler@favicon
                  - com.networknt.config.reload.handler.ModuleRegistryGetHandler@modules
                  - com.networknt.health.HealthGetHandler@health
                  - com.networknt.openapi.JwtVerifyHandler@security
                  - %s@echo
                chains:
                  default: [exception, traceability, correlation, sanitizer]
                paths:
                  - {path: /v1/echo, method: GET, exec: [default, echo]}
                  - {path: /favicon.ico, method: GET, exec: [favicon]}
                  - {path: /adm/modules, method: GET, exec: [exception, modules]}
                  - {path: /adm/health, method: GET, exec: [health]}
                """.formatted(ECHO);
        // the sanitizer is off (light-4j's default without a sanitizer.yml); security is declared but used by no route
        try (TestService s = TestService.in(dir).file("handler.yml", yaml).start()) {
            HttpResponse<String> echo = s.send(s.request("/v1/echo").header("X-Traceability-Id", "t-1").GET().build());
            assertEquals(200, echo.statusCode(), echo.body());
            assertTrue(echo.headers().firstValue("X-Correlation-Id").isPresent(), echo.headers().toString());
            assertEquals("t-1", echo.headers().firstValue("X-Traceability-Id").orElse(null), "correlation echoes traceability");

            HttpResponse<String> favicon = s.get("/favicon.ico");
            assertEquals(404, favicon.statusCode());
            assertTrue(favicon.body().contains("\"code\":\"ERR10048\""), favicon.body());

            HttpResponse<String> modules = s.get("/adm/modules");
            assertEquals(200, modules.statusCode(), modules.body());
            assertTrue(modules.body().contains("\"handler\":\"" + dir.resolve("handler.yml").toString().replace("\\", "\\\\") + "\""),
                    modules.body());

            assertEquals(200, s.get("/adm/health").statusCode());
        }
    }

    @Test
    void aMiddlewareWithoutEquivalentIsRefusedSayingWhatToUse() {
        String yaml = """
                handlers:
                  - %s@echo
                  - com.networknt.router.middleware.PathServiceHandler@prefix
                paths:
                  - {path: /a, method: GET, exec: [prefix, echo]}
                """.formatted(ECHO);
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(dir).file("handler.yml", yaml).start());
        assertEquals(dir.resolve("handler.yml") + ":3: handlers[1]: com.networknt.router.middleware.PathServiceHandler has no Lumen"
                + " equivalent; use " + Light4jHandlers.find("com.networknt.router.middleware.PathServiceHandler").orElseThrow().note(),
                e.getMessage());
    }

    @Test
    void aChaosAssaultItsFileBypassesIsDroppedAndOneThatAttacksIsRefused() {
        String yaml = """
                handlers:
                  - %s@echo
                  - com.networknt.chaos.ExceptionAssaultHandler@exception-assault
                paths:
                  - {path: /a, method: GET, exec: [exception-assault, echo]}
                """.formatted(ECHO);
        // light-example-4j's chaos-monkey petstore: enabled: true, bypass: true (wired, attacks nothing)
        try (TestService s = TestService.in(dir).file("handler.yml", yaml)
                .file("exception-assault.yml", "enabled: true\nbypass: true\nlevel: 5\n").start()) {
            assertEquals(200, s.get("/a").statusCode());
        }
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(dir).file("handler.yml", yaml)
                .file("exception-assault.yml", "enabled: true\nbypass: false\nlevel: 5\n").start());
        assertTrue(e.getMessage().contains("handler.yml:3: handlers[1]: com.networknt.chaos.ExceptionAssaultHandler has no Lumen"
                + " equivalent") && e.getMessage().endsWith("(it is on: exception-assault.yml enabled)"), e.getMessage());
    }

    @Test
    void accessControlIsOnByDefaultAsInLight4jAndDroppedWhenSwitchedOff() {
        String yaml = """
                handlers:
                  - %s@echo
                  - com.networknt.openapi.AccessControlHandler@access
                paths:
                  - {path: /a, method: GET, exec: [access, echo]}
                """.formatted(ECHO);
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(dir).file("handler.yml", yaml).start());
        assertTrue(e.getMessage().contains("com.networknt.openapi.AccessControlHandler has no Lumen equivalent")
                && e.getMessage().endsWith("(it is on: access-control.yml enabled)"), e.getMessage());
        try (TestService s = TestService.in(dir).file("handler.yml", yaml).value("access-control.enabled", false).start()) {
            assertEquals(200, s.get("/a").statusCode());
        }
    }

    @Test
    void anEndpointSourceOtherThanLight4jsOpenApiOneIsRefusedNamingTheClass() {
        String yaml = """
                handlers: [%s@echo]
                paths:
                  - source: com.example.MyEndpointSource
                    exec: [echo]
                """.formatted(ECHO);
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(dir).file("handler.yml", yaml).start());
        assertTrue(e.getMessage().contains("handler.yml:3: paths[0].source: unknown endpoint source class"
                + " 'com.example.MyEndpointSource': Lumen expands only com.networknt.openapi.OpenApiEndpointSource"), e.getMessage());
    }

    @Test
    void theOpenApiEndpointSourceWithoutASpecSaysSo() {
        String yaml = """
                handlers: [%s@echo]
                paths:
                  - {source: com.networknt.openapi.OpenApiEndpointSource, exec: [echo]}
                """.formatted(ECHO);
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(dir).file("handler.yml", yaml).start());
        assertTrue(e.getMessage().contains("handler.yml:3: paths[0].source: ") && e.getMessage().contains("no openapi.yaml"),
                e.getMessage());
    }

    @Test
    void everyProblemOfHandlerYmlIsReportedOnceInOnePass() {
        String yaml = """
                handlers:
                  - %s@echo
                  - com.example.Missing@missing
                  - com.networknt.router.middleware.SAMLTokenHandler@saml
                chains:
                  base: [echo, nope]
                paths:
                  - {path: /a, method: GET, exec: [missing, echo]}
                  - {path: /b, method: FETCH, exec: [echo]}
                  - {path: /c, method: GET, exec: [base]}
                  - {path: /d, method: GET, exec: [saml, echo]}
                """.formatted(ECHO);
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(dir).file("handler.yml", yaml).start());
        assertEquals(4, e.problems().size(), e.getMessage());
        assertTrue(e.getMessage().startsWith("4 configuration problems:\n"), e.getMessage());
        assertTrue(e.getMessage().contains("handler.yml:3: handlers[1]: class com.example.Missing not found"), e.getMessage());
        assertTrue(e.getMessage().contains("handler.yml:4: handlers[2]: com.networknt.router.middleware.SAMLTokenHandler has no Lumen"), e.getMessage());
        assertTrue(e.getMessage().contains("handler.yml:6: chains.base[1]: unknown handler 'nope'"), e.getMessage());
        assertTrue(e.getMessage().contains("handler.yml:9: paths[1].method: method must be one of"), e.getMessage());
    }

    @Test
    void everyLight4jClassLumenHasNotGotIsNamedWithItsLineAndWhatToUseInOnePass() {
        // light-gateway's llmchat folders (WebSocketRouterHandler), light-example-4j's graphql and hybrid services, a
        // light-4j class no table knows, and light-portal's hybrid nodes and gateway (lightapi/portal-config-loc f77252d35c47:
        // light-hybrid-4j's SchemaHandler, light-spa-4j's GoogleAuthHandler, middleware both)
        String yaml = """
                handlers:
                  - %s@echo
                  - com.networknt.websocket.router.WebSocketRouterHandler@router
                  - com.networknt.rpc.security.JwtVerifyHandler@jwt
                  - com.networknt.future.FutureHandler@future
                  - com.networknt.graphql.router.handlers.GraphqlPostHandler@graphql
                  - com.networknt.rpc.router.SchemaHandler@schema
                  - com.networknt.auth.GoogleAuthHandler@google
                paths:
                  - {path: /chat, method: GET, exec: [router]}
                  - {path: /api/json, method: POST, exec: [schema, jwt, echo]}
                  - {path: /f, method: GET, exec: [future]}
                  - {path: /graphql, method: POST, exec: [graphql]}
                  - {path: /google, method: GET, exec: [google, echo]}
                """.formatted(ECHO);
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(dir).file("handler.yml", yaml).start());
        assertEquals(5, e.problems().size(), e.getMessage());
        String file = dir.resolve("handler.yml").toString();
        assertTrue(e.getMessage().contains(file + ":3: handlers[1]: com.networknt.websocket.router.WebSocketRouterHandler has no"
                + " Lumen equivalent; use your own handler with Undertow's WebSocket API"), e.getMessage());
        assertTrue(e.getMessage().contains(file + ":4: handlers[2]: com.networknt.rpc.security.JwtVerifyHandler has no Lumen"
                + " equivalent; use the security middleware"), e.getMessage());
        assertTrue(e.getMessage().contains(file + ":5: handlers[3]: class com.networknt.future.FutureHandler not found on the"
                + " classpath: if it is your own class, put its jar on the classpath; as a light-4j handler it is not supported"),
                e.getMessage());
        for (String c : new String[] {"com.networknt.rpc.router.SchemaHandler", "com.networknt.auth.GoogleAuthHandler"}) {
            assertTrue(e.getMessage().contains(c + " has no Lumen equivalent; use " + Light4jHandlers.find(c).orElseThrow().note()),
                    e.getMessage());
        }
        // an endpoint without an equivalent starts, its route answering 404 (one WARN): not among the problems
        assertTrue(!e.getMessage().contains("GraphqlPostHandler"), e.getMessage());
    }

    @Test
    void everyBuiltInTheTableNamesExistsInTheModuleItNames() {
        Builtins here = Builtins.load(getClass().getClassLoader());
        Set<String> otherModules = Set.of("security", "specification", "validator", "specyaml", "specui", "proxy", "tracing",
                "basic", "apikey", "ipfilter", "unified", "decode", "encode", "resource", "static", "token", "gateway");
        for (Light4jHandler h : Light4jHandlers.all()) {
            if (h.kind() == Light4jHandler.Kind.BUILTIN) {
                assertTrue(here.className(h.builtin()) != null || otherModules.contains(h.builtin()),
                        h.className() + " -> " + h.builtin());
            }
            assertTrue(Light4jHandlers.isLight4jClass(h.className()), h.className());
        }
    }
}
