package io.lumen.server;

import io.lumen.config.ConfigLoader;
import io.undertow.server.HttpHandler;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A request that arrives on an open keep-alive connection while the server drains. */
class DrainingTest {

    @Test
    void aRequestOnAKeptAliveConnectionDuringShutdownGets503WithTheErrorJsonAndConnectionClose() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        HttpHandler root = ex -> {
            if (ex.getRequestPath().equals("/held")) {
                ex.dispatch(() -> {
                    entered.countDown();
                    try {
                        release.await(5, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    ex.getResponseSender().send("held");
                });
            } else {
                ex.getResponseSender().send("quick");
            }
        };
        Readiness readiness = new Readiness();
        ConfigLoader loader = ConfigLoader.builder().env(k -> null).build();
        ServerConfig config = loader.mapper().convertValue(
                Map.of("httpPort", 0, "ip", "127.0.0.1", "shutdownGracefulPeriod", 5000), ServerConfig.class);
        LumenServer server = new LumenServer(config, loader, readiness);
        server.start(root);
        try (Socket keptAlive = new Socket("127.0.0.1", server.httpPort());
             Socket held = new Socket("127.0.0.1", server.httpPort())) {
            keptAlive.setSoTimeout(5000);
            String first = exchange(keptAlive, "GET /quick HTTP/1.1\r\nHost: x\r\n\r\n");
            assertTrue(first.startsWith("HTTP/1.1 200") && first.endsWith("quick"), first);
            held.getOutputStream().write("GET /held HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertTrue(entered.await(5, TimeUnit.SECONDS));
            CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> server.stop(null));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            String refused = exchange(keptAlive, "GET /quick HTTP/1.1\r\nHost: x\r\n\r\n");
            while (refused.startsWith("HTTP/1.1 200") && System.nanoTime() < deadline) {
                // stop() flips readiness, closes the listeners, then refuses new requests: wait for the last step
                refused = exchange(keptAlive, "GET /quick HTTP/1.1\r\nHost: x\r\n\r\n");
            }
            assertTrue(refused.startsWith("HTTP/1.1 503"), refused);
            assertTrue(refused.toLowerCase().contains("connection: close"), refused);
            assertTrue(refused.contains("application/json"), refused);
            assertTrue(refused.contains("\"code\":\"ERR19000\""), refused);
            assertTrue(refused.contains("shutting down"), refused);
            release.countDown();
            stopping.get(10, TimeUnit.SECONDS);
            assertEquals(Readiness.State.STOPPED, readiness.state());
        } finally {
            release.countDown();
            server.stop(null);
        }
    }

    /** Sends {@code request} and reads one response with a Content-Length body. */
    private static String exchange(Socket socket, String request) throws IOException {
        socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        int length = -1;
        int headEnd = -1;
        try {
            while (headEnd < 0 || got.size() < headEnd + length) {
                int b = in.read();
                if (b < 0) {
                    break;
                }
                got.write(b);
                String text = got.toString(StandardCharsets.ISO_8859_1);
                if (headEnd < 0 && text.endsWith("\r\n\r\n")) {
                    headEnd = text.length();
                    length = 0;
                    for (String line : text.split("\r\n")) {
                        if (line.toLowerCase().startsWith("content-length:")) {
                            length = Integer.parseInt(line.substring(15).trim());
                        }
                    }
                }
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("no complete response; got: " + got.toString(StandardCharsets.ISO_8859_1), e);
        }
        return got.toString(StandardCharsets.ISO_8859_1);
    }
}
