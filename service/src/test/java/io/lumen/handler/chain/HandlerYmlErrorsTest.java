package io.lumen.handler.chain;

import io.lumen.config.ConfigException;
import io.lumen.handler.testing.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every handler.yml mistake fails startup with one line naming the file, the line and the entry. */
class HandlerYmlErrorsTest {
    private static final String ECHO = "io.lumen.handler.testing.EchoHandler";
    private static final String TAG = "io.lumen.handler.testing.TagMiddleware";

    @TempDir
    Path dir;

    static Stream<Arguments> mistakes() {
        return Stream.of(
            Arguments.of("unknown handler in exec", """
                handlers: [%s@echo]
                paths:
                  - path: /a
                    method: GET
                    exec: [echo, nope]
                """.formatted(ECHO), 5, "paths[0].exec[1]: unknown handler or chain 'nope' (chains: ; handlers: "),
            Arguments.of("unknown handler in chain", """
                handlers: [%s@echo]
                chains:
                  base:
                    - echo
                    - missing
                paths: [{path: /a, method: GET, exec: [base]}]
                """.formatted(ECHO), 5, "chains.base[1]: unknown handler 'missing' in chain 'base'"),
            Arguments.of("class not found", """
                handlers:
                  - %s@echo
                  - com.example.Missing@missing
                """.formatted(ECHO), 3, "handlers[1]: class com.example.Missing not found on the classpath"),
            Arguments.of("not a handler", """
                handlers:
                  - java.lang.String@s
                """, 2, "handlers[0]: java.lang.String is neither an io.undertow.server.HttpHandler nor an io.lumen.handler.Middleware"),
            Arguments.of("handler name twice", """
                handlers:
                  - %s@echo
                  - %s@echo
                """.formatted(ECHO, TAG), 3, "handlers[1]: handler name 'echo' is declared twice, first as " + ECHO + " ("),
            Arguments.of("duplicate route", """
                handlers: [%s@echo]
                paths:
                  - {path: /a, method: GET, exec: [echo]}
                  - {path: /a, method: get, exec: [echo]}
                """.formatted(ECHO), 4, "paths[1]: route GET /a is declared twice (first declared at "),
            Arguments.of("equivalent route", """
                handlers: [%s@echo]
                paths:
                  - {path: '/a/{x}', method: GET, exec: [echo]}
                  - {path: '/a/{y}', method: GET, exec: [echo]}
                """.formatted(ECHO), 4, "paths[1]: route GET /a/{y} is equivalent to GET /a/{x}"),
            Arguments.of("bad method", """
                handlers: [%s@echo]
                paths:
                  - path: /a
                    method: FETCH
                    exec: [echo]
                """.formatted(ECHO), 4, "paths[0].method: method must be one of"),
            Arguments.of("bad path", """
                handlers: [%s@echo]
                paths:
                  - path: a/b
                    method: GET
                    exec: [echo]
                """.formatted(ECHO), 3, "paths[0].path: a path must start with '/', got 'a/b'"),
            Arguments.of("empty exec", """
                handlers: [%s@echo]
                paths:
                  - path: /a
                    method: GET
                """.formatted(ECHO), 3, "paths[0]: exec is missing or empty"),
            Arguments.of("chain ends with middleware", """
                handlers: [%s@tag]
                paths:
                  - path: /a
                    method: GET
                    exec: [tag]
                """.formatted(TAG), 5, "paths[0].exec: the chain ends with middleware 'tag'"),
            Arguments.of("plain handler before others", """
                handlers: [%s@echo, %s@tag]
                paths:
                  - path: /a
                    method: GET
                    exec: [echo, tag, echo]
                """.formatted(ECHO, TAG), 5, "paths[0].exec: 'echo' is not middleware, so nothing after it would run"),
            Arguments.of("unknown key", """
                handlers: [%s@echo]
                pathz: []
                """.formatted(ECHO), 2, "unknown key 'pathz'"),
            Arguments.of("wrong type", """
                handlers: [%s@echo]
                paths:
                  - path: /a
                    method: GET
                    exec: {a: b}
                """.formatted(ECHO), 5, "paths[0].exec: expected a list"),
            Arguments.of("YAML syntax", """
                handlers: [%s@echo
                paths: []
                """.formatted(ECHO), 0, "handler.yml:")
        );
    }

    @Test
    void theSameClassUnderTheSameNameTwiceIsOneHandlerAsInLight4j() {
        // light-gateway's product/external-access-point values.yml lists RequestInterceptorInjectionHandler@requestInterceptor twice
        try (TestService s = TestService.in(dir).file("handler.yml", """
                handlers:
                  - %s@echo
                  - %s@echo
                paths: [{path: /a, method: GET, exec: [echo]}]
                """.formatted(ECHO, ECHO)).start()) {
            assertEquals(200, s.get("/a").statusCode());
        }
    }

    @Test
    void aChainNamedLikeAHandlerIsTheChainInRoutesAndTheHandlerInsideChainsAsInLight4j() {
        // lightapi/portal-config-loc all-in-one/light-gateway handler.yml (f77252d35c47): chain 'google' ends with
        // handler 'google' (GoogleAuthHandler); light-4j resolves an exec name as a chain first, chain items as handlers
        try (TestService s = TestService.in(dir).file("handler.yml", """
                handlers: [%s@tag, %s@google]
                chains:
                  google: [tag, google]
                paths: [{path: /google, method: GET, exec: [google]}]
                """.formatted(TAG, ECHO)).start()) {
            var r = s.get("/google");
            assertEquals(200, r.statusCode());
            assertEquals("TagMiddleware", r.headers().firstValue("X-Links").orElseThrow(), "the chain ran, then the handler");
        }
    }

    @Test
    void plainHandlersAfterTheFirstPlainHandlerNeverRunAsInLight4j() {
        // light-gateway's handler.chains.default ends [router, proxy]: the router answers, the proxy never runs
        try (TestService s = TestService.in(dir).file("handler.yml", """
                handlers: [%s@echo, %s@tag, %s@other]
                paths: [{path: /a, method: GET, exec: [tag, echo, other]}]
                """.formatted(ECHO, TAG, ECHO)).start()) {
            assertEquals(200, s.get("/a").statusCode());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mistakes")
    void failsStartupWithFileLineAndEntry(String name, String yaml, int line, String expected) {
        TestService svc = TestService.in(dir).file("handler.yml", yaml);
        ConfigException e = assertThrows(ConfigException.class, svc::start);
        String message = e.getMessage();
        String file = dir.resolve("handler.yml").toString();
        assertTrue(message.startsWith(file + ":"), message);
        if (line > 0) {
            assertEquals(line, e.line(), message);
            assertTrue(message.startsWith(file + ":" + line + ": "), message);
        }
        assertTrue(message.contains(expected), "expected <" + expected + "> in <" + message + ">");
        assertFalse(message.contains("\n"), "one line: " + message);
    }
}
