package io.lumen.codegen;

import io.lumen.handler.Blocking;
import io.lumen.server.ServiceContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.reflect.Constructor;
import java.lang.reflect.Proxy;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Blocking survives code generation: a generated adapter is {@link Blocking} and answers
 * {@code blocks()} from its implementation (Blocking and blocking; anything else is not), so the
 * chain engine dispatches it off the IO thread exactly when the implementation blocks.
 */
class BlockingAdapterTest {
    private static final String PACKAGE = "org.where";

    @TempDir
    Path dir;

    /** An implementation of {@code op} answering where it ran; {@code blocking}: its Blocking clause, or "". */
    private void implement(String op, String blocking, String blocksMethod) throws Exception {
        String type = Character.toUpperCase(op.charAt(0)) + op.substring(1);
        Path impl = dir.resolve("src/main/java/org/where/impl/" + type + "Impl.java");
        assertTrue(Files.exists(impl), "the generator wrote " + impl);
        Files.writeString(impl, """
                package org.where.impl;

                import io.lumen.server.ServiceContext;
                import io.undertow.server.HttpServerExchange;
                import org.where.api.%1$sApi;
                import org.where.api.%1$sRequest;
                import org.where.api.%1$sResponse;
                import org.where.model.Where;

                /** Answers the thread it ran on. */
                public final class %1$sImpl implements %1$sApi%2$s {
                    /** @param context the service */
                    public %1$sImpl(ServiceContext context) {
                    }
                %3$s
                    @Override
                    public %1$sResponse %4$s(%1$sRequest request, HttpServerExchange exchange) {
                        return %1$sResponse.status200(new Where(exchange.isInIoThread(), Thread.currentThread().getName()));
                    }
                }
                """.formatted(type, blocking, blocksMethod, op));
    }

    @Test
    void anAdapterRunsOffTheIoThreadExactlyWhenItsImplementationBlocks() throws Exception {
        GeneratedProject project = GeneratedProject.generate(GeneratedProject.spec("blocking.yaml"), dir, "--package", PACKAGE);
        assertEquals(0, project.exit, project.err);
        String adapter = Files.readString(dir.resolve("target/generated-sources/lumen/org/where/handler/BlockingCallHandler.java"));
        assertTrue(adapter.contains("extends OperationHandler implements Blocking"), adapter);
        assertTrue(adapter.contains("return api instanceof Blocking b && b.blocks();"), adapter);

        implement("blockingCall", ", io.lumen.handler.Blocking", "");
        implement("configuredCall", ", io.lumen.handler.Blocking", """

                    /** Blocking by type, but not in this configuration: stays on the IO thread. */
                    @Override
                    public boolean blocks() {
                        return false;
                    }
                """);
        implement("plainCall", "", "");
        assertEquals("", project.compile());

        try (GeneratedProject.Running service = project.start(Map.of())) {
            HttpResponse<String> blocking = service.send("GET", "/blocking", Map.of(), null, null, List.of());
            assertEquals(200, blocking.statusCode(), blocking.body());
            assertTrue(blocking.body().startsWith("{\"ioThread\":false,"), blocking.body());
            assertFalse(blocking.body().contains("I/O"), "not an XNIO IO thread: " + blocking.body());
            for (String path : List.of("/configured", "/plain")) {
                HttpResponse<String> r = service.send("GET", path, Map.of(), null, null, List.of());
                assertEquals(200, r.statusCode(), r.body());
                assertTrue(r.body().startsWith("{\"ioThread\":true,"), path + ": " + r.body());
            }

            // the adapter's own answer, for each kind of implementation (the stub of an unimplemented operation is a plain one)
            Class<?> handler = service.loader().loadClass("org.where.handler.PlainCallHandler");
            Class<?> api = service.loader().loadClass("org.where.api.PlainCallApi");
            Constructor<?> with = handler.getConstructor(ServiceContext.class, api);
            assertFalse(blocks(with.newInstance(service.service().context(), implementation(api, false, false))));
            assertFalse(blocks(with.newInstance(service.service().context(), implementation(api, true, false))));
            assertTrue(blocks(with.newInstance(service.service().context(), implementation(api, true, true))));
        }
    }

    private static boolean blocks(Object adapter) {
        assertTrue(adapter instanceof Blocking, adapter.getClass() + " is Blocking");
        return ((Blocking) adapter).blocks();
    }

    /** An implementation of {@code api}, {@link Blocking} or not, whose blocks() answers {@code blocks}. */
    private static Object implementation(Class<?> api, boolean isBlocking, boolean blocks) {
        Class<?>[] types = isBlocking ? new Class<?>[] {api, Blocking.class} : new Class<?>[] {api};
        return Proxy.newProxyInstance(api.getClassLoader(), types, (proxy, method, args) -> switch (method.getName()) {
            case "blocks" -> blocks;
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == args[0];
            case "toString" -> "implementation";
            default -> throw new UnsupportedOperationException(method.getName());
        });
    }
}
