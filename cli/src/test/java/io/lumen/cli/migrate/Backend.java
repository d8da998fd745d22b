package io.lumen.cli.migrate;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** The service behind a migrated proxy: answers every request with a JSON list and remembers what it got. */
final class Backend implements AutoCloseable {
    /** One request as the backend saw it. */
    record Seen(String method, String path, String correlationId) {
    }

    private final HttpServer server;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    Backend() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            seen.add(new Seen(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst("X-Correlation-Id")));
            byte[] body = "[{\"id\":1,\"title\":\"Dune\"}]".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    List<Seen> seen() {
        return List.copyOf(seen);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
