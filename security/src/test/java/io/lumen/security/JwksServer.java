package io.lumen.security;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/** A JWKS endpoint on a free loopback port whose document a test can change; counts fetches. */
final class JwksServer implements AutoCloseable {
    private final HttpServer server;
    private final AtomicInteger fetches = new AtomicInteger();
    private volatile String document;

    JwksServer(String document) {
        this.document = document;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/jwks", exchange -> {
            fetches.incrementAndGet();
            byte[] body = this.document.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/jwks";
    }

    void serve(String document) {
        this.document = document;
    }

    int fetches() {
        return fetches.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
