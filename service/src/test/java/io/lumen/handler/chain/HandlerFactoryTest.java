package io.lumen.handler.chain;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import io.lumen.handler.router.Route;
import io.lumen.handler.testing.EchoHandler;
import io.lumen.service.assembly.ServiceAssembly;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A HandlerFactory is asked first for every name; Lumen constructs what it does not supply. */
class HandlerFactoryTest {
    private static final String ECHO = "io.lumen.handler.testing.EchoHandler";

    @TempDir
    Path dir;

    private ServiceAssembly assemble(String handlerYml, HandlerFactory factory) throws IOException {
        Files.writeString(dir.resolve("handler.yml"), handlerYml);
        return ServiceAssembly.builder(ConfigLoader.builder().configDirs(List.of(dir)).build()).handlers(factory).build();
    }

    private static HttpHandler handlerOf(ServiceAssembly a, String path) {
        return a.router().router().routes().stream().filter(r -> r.template().text().equals(path))
                .findFirst().orElseThrow().handler();
    }

    @Test
    void suppliedObjectsReplaceLumensConstructionAndOthersAreConstructed() throws Exception {
        EchoHandler supplied = new EchoHandler();
        try (ServiceAssembly a = assemble("""
                handlers: [%s@mine, %s@other]
                paths:
                  - {path: /mine, method: GET, exec: [exception, mine]}
                  - {path: /other, method: GET, exec: [other]}
                  - {path: /undeclared, method: GET, exec: [onlyTheFactoryKnows]}
                """.formatted(ECHO, ECHO), (name, type, context) -> switch (name) {
                    case "mine" -> supplied;
                    case "onlyTheFactoryKnows" -> {
                        assertEquals(null, type);
                        yield new EchoHandler();
                    }
                    default -> null;
                })) {
            assertInstanceOf(EchoHandler.class, handlerOf(a, "/other"));
            assertTrue(handlerOf(a, "/other") != supplied);
            assertInstanceOf(EchoHandler.class, handlerOf(a, "/undeclared"));
            Route mine = a.router().router().routes().get(0);
            assertEquals(List.of("exception", "mine"), mine.chain(), "routes keep their resolved chain");
        }
    }

    @Test
    void suppliedPlainTerminalIsTheRoutesHandler() throws Exception {
        EchoHandler supplied = new EchoHandler();
        try (ServiceAssembly a = assemble("""
                handlers: [%s@mine]
                paths: [{path: /mine, method: GET, exec: [mine]}]
                """.formatted(ECHO), (name, type, context) -> "mine".equals(name) ? supplied : null)) {
            assertSame(supplied, handlerOf(a, "/mine"));
        }
    }

    @Test
    void anObjectOfTheWrongTypeFailsWithFileAndLine() {
        ConfigException e = assertThrows(ConfigException.class, () -> assemble("""
                handlers:
                  - %s@mine
                """.formatted(ECHO), (name, type, context) -> "mine".equals(name) ? new Object() : null));
        assertEquals(2, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("handler 'mine' is a java.lang.Object"), e.getMessage());
    }

    @Test
    void aFailingFactoryFailsWithFileLineAndKeepsTheCause() {
        IllegalStateException boom = new IllegalStateException("bean creation failed");
        ConfigException e = assertThrows(ConfigException.class, () -> assemble("""
                handlers: [%s@echo]
                paths:
                  - {path: /a, method: GET, exec: [exception, echo]}
                """.formatted(ECHO), (name, type, context) -> {
                    if ("exception".equals(name)) {
                        throw boom;
                    }
                    return null;
                }));
        assertEquals(3, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("handler 'exception' failed to start: "), e.getMessage());
        assertSame(boom, e.getCause());
    }

    @Test
    void aThrowingConstructorKeepsItsCause() {
        ConfigException e = assertThrows(ConfigException.class, () -> assemble("""
                handlers: [io.lumen.handler.chain.HandlerFactoryTest$Failing@f]
                """, HandlerFactory.NONE));
        assertEquals(1, e.line(), e.getMessage());
        assertInstanceOf(IllegalArgumentException.class, e.getCause());
        assertEquals("the constructor's own problem", e.getCause().getMessage());
    }

    /** A handler whose constructor fails. */
    public static final class Failing implements HttpHandler {
        public Failing() {
            throw new IllegalArgumentException("the constructor's own problem");
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) {
        }
    }
}
