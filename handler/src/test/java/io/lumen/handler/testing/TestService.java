package io.lumen.handler.testing;

import io.lumen.config.ConfigLoader;
import io.lumen.service.LumenService;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test helper of the handler module (which cannot use lumen-testkit, a module above it): writes
 * config files into a folder and starts a service on free ports.
 */
public final class TestService implements AutoCloseable {
    public static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final Path dir;
    private final Map<String, Object> values = new LinkedHashMap<>();
    private LumenService service;

    private TestService(Path dir) {
        this.dir = dir;
        values.put("server.shutdownGracefulPeriod", 2000);
    }

    /** A service whose config files are written into {@code dir} (e.g. a JUnit {@code @TempDir}). */
    public static TestService in(Path dir) {
        return new TestService(dir);
    }

    /** Writes {@code <name>} (e.g. {@code handler.yml}) with {@code text}. */
    public TestService file(String name, String text) {
        try {
            Files.writeString(dir.resolve(name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    public TestService value(String key, Object value) {
        values.put(key, value);
        return this;
    }

    public ConfigLoader loader() {
        return ConfigLoader.builder().configDirs(List.of(dir)).overrides(values).env(k -> null).build();
    }

    public TestService start() {
        service = LumenService.start(loader(), server -> server.withPorts(0, 0)); // free ports whatever the files say
        return this;
    }

    public LumenService service() {
        return service;
    }

    public URI uri(String pathAndQuery) {
        return service.httpUri().orElseThrow().resolve(pathAndQuery);
    }

    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET().build());
    }

    public HttpResponse<String> send(HttpRequest request) {
        return send(HTTP, request);
    }

    /** Sends with {@code client}, the body as a string; I/O failures become unchecked. */
    public static HttpResponse<String> send(HttpClient client, HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(10));
    }

    @Override
    public void close() {
        if (service != null) {
            service.stop();
        }
    }
}
