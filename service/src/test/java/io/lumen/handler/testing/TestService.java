package io.lumen.handler.testing;

import io.lumen.config.ConfigLoader;
import io.lumen.service.LumenService;
import io.lumen.testkit.core.ConfigFiles;
import io.lumen.testkit.core.TestHttp;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;

/**
 * The handler module's thin adapter onto the test kit. {@code io.lumen.testkit.TestService} (in
 * lumen-testkit) cannot serve these tests: lumen-testkit depends on this module, so this module's
 * tests use the kit's core ({@link ConfigFiles}, {@link TestHttp}, {@code Await}) and start the
 * service themselves, the same way and with the same defaults (free ports, empty environment, 2 s
 * graceful shutdown). Every other module uses lumen-testkit's {@code TestService}.
 */
public final class TestService implements AutoCloseable {
    public static final HttpClient HTTP = TestHttp.CLIENT;

    private final ConfigFiles files;
    private final TestHttp http;
    private LumenService service;

    private TestService(Path dir) {
        this.files = ConfigFiles.in(dir).value("server.shutdownGracefulPeriod", 2000);
        this.http = TestHttp.at(() -> service.httpUri().orElseThrow());
    }

    /** A service whose config files are written into {@code dir} (e.g. a JUnit {@code @TempDir}). */
    public static TestService in(Path dir) {
        return new TestService(dir);
    }

    /** Writes {@code <name>} (e.g. {@code handler.yml}) with {@code text}. */
    public TestService file(String name, String text) {
        files.file(name, text);
        return this;
    }

    public TestService value(String key, Object value) {
        files.value(key, value);
        return this;
    }

    public ConfigLoader loader() {
        return ConfigLoader.builder().configDirs(List.of(files.dir())).overrides(files.values()).env(k -> null).build();
    }

    public TestService start() {
        service = LumenService.start(loader(), server -> server.withPorts(0, 0)); // free ports whatever the files say
        return this;
    }

    public LumenService service() {
        return service;
    }

    public URI uri(String pathAndQuery) {
        return http.uri(pathAndQuery);
    }

    public HttpResponse<String> get(String path) {
        return http.get(path);
    }

    public HttpResponse<String> send(HttpRequest request) {
        return http.send(request);
    }

    /** Sends with {@code client}, the body as a string; I/O failures become unchecked. */
    public static HttpResponse<String> send(HttpClient client, HttpRequest request) {
        return TestHttp.send(client, request);
    }

    public HttpRequest.Builder request(String path) {
        return http.request(path);
    }

    @Override
    public void close() {
        if (service != null) {
            service.stop();
        }
    }
}
